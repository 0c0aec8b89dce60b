import {
  arr,
  deref,
  isObject,
  obj,
  str,
  type SpecObject,
  type SpecOperation,
} from "../../openapi-pages/spec";

/** Most servers and security alternatives listed for one operation. */
const MAX_LISTED = 20;

/** A base URL the operation is served from, variables replaced by their defaults. */
interface ServerView {
  url: string;
  description?: string;
}

/** One security scheme of a requirement: its name, what it is, and the scopes it needs. */
export interface SchemeView {
  name: string;
  /** `http` (with `scheme`), `apiKey` (with `in`), `oauth2`, `openIdConnect`, `basic` (2.0). */
  type: string;
  scheme?: string;
  in?: string;
  /** Header, query or cookie name of an API key. */
  keyName?: string;
  scopes: string[];
  description?: string;
}

/** A server URL with its `{variables}` replaced by their defaults (unknown ones kept). */
function expandServerUrl(url: string, variables: SpecObject): string {
  return url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = obj(variables, name);
    const fallback = variable.default;
    return typeof fallback === "string" || typeof fallback === "number" ? String(fallback) : whole;
  });
}

/**
 * The operation's servers: OpenAPI 3 `servers` of the operation, else of its path item, else
 * of the document; Swagger 2.0 `schemes`, `host` and `basePath`. Empty for a webhook.
 */
export function serversOf(spec: SpecObject, op: SpecOperation, webhook: boolean): ServerView[] {
  if (webhook) return [];
  const item = deref(spec, obj(spec, "paths")[op.path]).target ?? {};
  const lists = [arr(op.operation, "servers"), arr(item, "servers"), arr(spec, "servers")];
  const servers = lists.find((l) => l.length > 0) ?? [];
  if (servers.length > 0) {
    return servers
      .filter(isObject)
      .slice(0, MAX_LISTED)
      .map((s) => ({
        url: expandServerUrl(str(s, "url") ?? "", obj(s, "variables")),
        description: str(s, "description"),
      }));
  }
  const host = str(spec, "host");
  const basePath = str(spec, "basePath") ?? "";
  if (!host) return basePath ? [{ url: basePath }] : [];
  const schemes = arr(spec, "schemes").filter((s): s is string => typeof s === "string");
  return [
    {
      url: `${schemes.includes("https") || schemes.length === 0 ? "https" : schemes[0]}://${host}${basePath}`,
    },
  ];
}

/** The security schemes the document declares (OpenAPI 3 components, Swagger 2.0 definitions). */
function declaredSchemes(spec: SpecObject): SpecObject {
  const components = obj(obj(spec, "components"), "securitySchemes");
  return Object.keys(components).length > 0 ? components : obj(spec, "securityDefinitions");
}

/**
 * The operation's security requirements: alternatives (any one suffices), each a list of
 * schemes used together. The operation's own `security` overrides the document's; an empty
 * alternative means the operation may be called without credentials.
 */
export function securityOf(spec: SpecObject, op: SpecOperation): SchemeView[][] {
  const own = op.operation.security;
  const requirements = Array.isArray(own) ? own : arr(spec, "security");
  const schemes = declaredSchemes(spec);
  return requirements
    .filter(isObject)
    .slice(0, MAX_LISTED)
    .map((requirement) =>
      Object.entries(requirement).map(([name, scopes]) => {
        const scheme = deref(spec, schemes[name]).target ?? {};
        return {
          name,
          type: str(scheme, "type") ?? "unknown",
          scheme: str(scheme, "scheme")?.toLowerCase(),
          in: str(scheme, "in"),
          keyName: str(scheme, "name"),
          scopes: Array.isArray(scopes)
            ? scopes.filter((s): s is string => typeof s === "string")
            : [],
          description: str(scheme, "description"),
        };
      }),
    );
}

/** A scheme in words: "HTTP bearer", "API key in header X-Key", "OAuth 2.0". */
export function schemeLabel(scheme: SchemeView): string {
  switch (scheme.type) {
    case "http":
      return `HTTP ${scheme.scheme ?? "authentication"}`;
    case "basic":
      return "HTTP basic";
    case "apiKey":
      return `API key in ${scheme.in ?? "header"}${scheme.keyName ? ` ${scheme.keyName}` : ""}`;
    case "oauth2":
      return "OAuth 2.0";
    case "openIdConnect":
      return "OpenID Connect";
    case "mutualTLS":
      return "Mutual TLS";
    default:
      return "Scheme not declared in the specification";
  }
}
