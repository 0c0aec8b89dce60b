import { OFFICIAL_OPERATION_IDS } from "./official-operation-ids";

/*
 * Every operation's operationId, in one place (the route files declare none): a name chosen by
 * hand (OVERRIDES), else GitBook's own where its document has the same method and path (the
 * table scripts/operation-ids.mjs generates), else one derived from the method and path in the
 * official naming style: `listX`, `getXById`, `createX`, `updateXById`, `deleteXById`, and
 * `<verb>X` for an action (`transferSpace`). The derived noun is the path's target qualified by
 * at most two of the resources holding it, as official names are (`listSiteShareLinks`,
 * `listChangeRequestPageMetaLinks`): a pure function of the path's shape, so a route nobody
 * listed still gets a stable name.
 */

/** One step of a path: a static segment and the parameters that follow it. */
interface Step {
  name: string;
  identified: boolean;
  params: string[];
}

/** Segments that name no resource of their own (`/spaces/{id}/content/page/{id}`). */
const TRANSPARENT: ReadonlySet<string> = new Set(["v1", "content"]);

/** Top resources left out of a name when a resource inside them follows. */
const ROOTS: ReadonlySet<string> = new Set(["orgs", "spaces"]);

/** Segments whose official noun differs from the path's spelling. */
const NOUNS: Record<string, string> = { orgs: "organizations" };

/** Last path segments that are actions on their holder, not resources under it. */
const ACTIONS: ReadonlySet<string> = new Set(
  [
    "aggregate apply approve archive ask cancel duplicate disable enable export import install",
    "invite join merge move prewarm preview publish rebuild refresh regenerate reindex reject",
    "render reset resolve restore retry revalidate revoke rotate run search sort start stop",
    "submit sync test track transfer unarchive uninstall unpublish upload validate verify",
  ]
    .join(" ")
    .split(" "),
);

/** `change-requests` → `ChangeRequests`. */
function pascal(segment: string): string {
  return segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
}

/** Whether a segment names a collection (`pages`, `replies`), not one thing (`content`). */
function isPlural(segment: string): boolean {
  return /[^s]s$/.test(segment);
}

/** `replies` → `reply`, `branches` → `branch`, `spaces` → `space`; others unchanged. */
function singular(segment: string): string {
  if (/ies$/.test(segment)) return segment.replace(/ies$/, "y");
  if (/(x|ch|sh|ss)es$/.test(segment)) return segment.replace(/es$/, "");
  return isPlural(segment) ? segment.slice(0, -1) : segment;
}

/** A resource's noun: its official spelling, singular when it stands for one item. */
function noun(step: Step): string {
  const name = NOUNS[step.name] ?? step.name;
  return pascal(step.identified ? singular(name) : name);
}

/** The path's steps: each static segment, marked when one or more parameters follow it. */
function stepsOf(path: string): Step[] {
  const steps: Step[] = [];
  for (const segment of path.split("/")) {
    if (!segment) continue;
    const last = steps[steps.length - 1];
    if (segment.startsWith("{")) {
      if (last) last.identified = true;
      last?.params.push(segment.slice(1, -1));
      continue;
    }
    if (!TRANSPARENT.has(segment)) steps.push({ name: segment, identified: false, params: [] });
  }
  return steps;
}

/**
 * The two innermost resources holding the target, the organization left out when a resource
 * inside it follows (a site's share links are `SiteShareLinks`, not `OrganizationSite...`).
 */
function holdersOf(steps: Step[]): string {
  const holders = steps.filter((step, i) => !(ROOTS.has(step.name) && i < steps.length - 1));
  return holders.slice(-2).map(noun).join("");
}

/** A derived camelCase operationId for `method` (any case) on an OpenAPI `path`. */
export function deriveOperationId(method: string, path: string): string {
  const steps = stepsOf(path);
  const target = steps.pop();
  if (!target) return `${method.toLowerCase()}Root`;
  const verb = method.toLowerCase();
  const holders = holdersOf(steps);
  if (!target.identified && ACTIONS.has(target.name)) return `${target.name}${holders}`;
  const subject = holders + noun(target);
  if (target.identified) {
    // One identifier reads `ById`; several name themselves (`BySiteIdAndHash`).
    const by = target.params.length > 1 ? target.params.map(pascal).join("And") : "Id";
    const byId = `${subject}By${by}`;
    if (verb === "get") return `get${byId}`;
    if (verb === "delete") return `delete${byId}`;
    if (verb === "post") return `create${byId}`;
    return `update${byId}`;
  }
  if (verb === "get") return `${isPlural(target.name) ? "list" : "get"}${subject}`;
  if (verb === "post") return `create${holders}${pascal(singular(target.name))}`;
  if (verb === "delete") return `delete${subject}`;
  return `update${subject}`;
}

/**
 * Names chosen by hand, keyed `METHOD /path` exactly as the served document writes the path:
 * for an operation GitBook's document does not have, where the derived name reads badly or
 * collides with another. test/api-document/operation-ids.test.ts says which line to add here.
 */
const OVERRIDES: Readonly<Record<string, string>> = {
  "POST /v1/sso/token": "exchangeSsoCodeForToken",
  "GET /v1/public/openapi/{organizationId}/{specSlug}": "getPublicOpenAPISpecContent",
  "GET /integration-assets": "getIntegrationAsset",
  "GET /v1/sessions/invite": "getEmailInvite",
  "POST /v1/sessions/invite": "acceptEmailInvite",
  "POST /v1/spaces/{spaceId}/exports": "startSpaceExport",
  "GET /v1/spaces/{spaceId}/exports/{exportId}": "getSpaceExport",
  "PUT /v1/storage/uploads": "uploadStorageFile",
  "GET /v1/storage/uploads": "getStorageUploadProgress",
  "GET /v1/spaces/{spaceId}/revisions": "listSpaceRevisions",
  "GET /v1/spaces/{spaceId}/content/page/{pageId}/revisions": "listPageRevisions",
  "POST /v1/spaces/{spaceId}/revisions/{revisionId}/revert": "revertToRevision",
  "POST /v1/orgs/{organizationId}/domains/{domain}/check": "checkOrganizationDomain",
};

/** The official table's path key: without the /v1 prefix, every parameter written `{}`. */
export function officialPathKey(path: string): string {
  return path.replace(/^\/v1(?=\/)/, "").replace(/\{[^}]+\}/g, "{}");
}

/** The official table, parsed once per isolate: `METHOD key` → operationId. */
// module-state: a constant of the pinned official document, built on first use.
let official: Map<string, string> | undefined;

/** GitBook's own operationId for `method` on `path`, when the official document has it. */
function officialOperationId(method: string, path: string): string | undefined {
  if (!official) {
    official = new Map();
    for (const [key, pairs] of Object.entries(OFFICIAL_OPERATION_IDS)) {
      const words = pairs.split(" ");
      for (let i = 0; i + 1 < words.length; i += 2)
        official.set(`${words[i]} ${key}`, words[i + 1]!);
    }
  }
  return official.get(`${method.toUpperCase()} ${officialPathKey(path)}`);
}

/**
 * The operationId of `method` on a served `path`: a hand-chosen name, else the official one
 * where GitBook's document has the same method and path, else one derived in its style.
 */
export function operationIdOf(method: string, path: string): string {
  const verb = method.toUpperCase();
  return (
    OVERRIDES[`${verb} ${path}`] ?? officialOperationId(verb, path) ?? deriveOperationId(verb, path)
  );
}
