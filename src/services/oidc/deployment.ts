import { z } from "zod";
import type { Bindings } from "../../env";
import type { OidcClientConfig } from "./client";
import { isLoopbackHost } from "../../outbound/dev-loopback";
import { GITHUB_URL } from "./github";

/**
 * The deployment's own sign-in providers (e.g. Google, a company's Keycloak, GitHub), from vars:
 * `OIDC_PROVIDERS` is a JSON array of `{ id, title, issuer, clientId }` (OpenID Connect) or
 * `{ id, title, kind: "github", clientId, url? }` (GitHub's OAuth 2, github.ts; `url` a GitHub
 * Enterprise Server, github.com when absent), and each provider's client secret is the secret
 * `OIDC_<ID>_SECRET` (the id upper-cased, `-` as `_`). A provider whose entry or secret is
 * missing or malformed is not offered (logged once per call). A GitHub `url` is https, or plain
 * http on this machine (a local fake GitHub: reached only in local development, client.ts).
 */

/** The fields every entry of `OIDC_PROVIDERS` has. */
const Common = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/),
  title: z.string().trim().min(1).max(60),
  clientId: z.string().min(1).max(255),
});

/** One entry of `OIDC_PROVIDERS`: an OpenID Connect provider, or GitHub. */
const Entry = z.union([
  Common.extend({
    kind: z.literal("github"),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .refine((u) => u.startsWith("https:") || isLoopbackHost(new URL(u).hostname))
      .default(GITHUB_URL),
  }).transform(({ url, ...rest }) => ({ ...rest, issuer: url })),
  Common.extend({
    kind: z.literal("oidc").optional(),
    issuer: z.url({ protocol: /^https?$/ }).max(2048),
  }).transform(({ id, title, clientId, issuer }) => ({ id, title, clientId, issuer })),
]);

/** The bindings read: the list, and the secrets by name. */
type DeploymentEnv = Pick<Bindings, "OIDC_PROVIDERS">;

/** The var that holds a provider's client secret. */
function secretVarOf(id: string): string {
  return `OIDC_${id.toUpperCase().replace(/-/g, "_")}_SECRET`;
}

/** The deployment's configured providers, each with its secret; malformed ones left out. */
export function deploymentProviders(env: DeploymentEnv): OidcClientConfig[] {
  const raw = env.OIDC_PROVIDERS;
  if (!raw) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    console.warn("OIDC_PROVIDERS is not JSON: no deployment OIDC provider is offered");
    return [];
  }
  if (!Array.isArray(list)) return [];
  const secrets = env as unknown as Record<string, unknown>;
  const out: OidcClientConfig[] = [];
  for (const item of list) {
    const entry = Entry.safeParse(item);
    if (!entry.success) {
      console.warn("OIDC_PROVIDERS: an entry is malformed and not offered");
      continue;
    }
    const secret = secrets[secretVarOf(entry.data.id)];
    if (typeof secret !== "string" || !secret) {
      console.warn(`OIDC provider ${entry.data.id}: ${secretVarOf(entry.data.id)} is not set`);
      continue;
    }
    if (out.some((p) => p.key === entry.data.id)) continue;
    out.push({ key: entry.data.id, ...entry.data, clientSecret: secret });
  }
  return out;
}

/** The deployment's providers as `GET /v1/sessions/ways` lists them: id and title only. */
export function deploymentOidcWays(env: DeploymentEnv): { id: string; title: string }[] {
  return deploymentProviders(env).map((p) => ({ id: p.key, title: p.title }));
}
