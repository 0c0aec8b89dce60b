import type { MemberRole } from "../../lib/roles";
import type { Scope } from "../../lib/scopes";

/**
 * The OAuth scopes that carry each integration scope: an installation token is an ordinary
 * Quire token of the installation's bot user, so the existing scope checks limit it.
 */
const OAUTH_SCOPES: Record<string, Scope[]> = {
  "space:content:read": ["space:read"],
  "space:content:write": ["space:write"],
  "space:metadata:read": ["space:read"],
  "space:metadata:write": ["space:write"],
  "space:git:sync": ["space:write"],
  "page:feedback:read": ["space:read"],
  "site:metadata:read": ["site:read"],
  "site:views:read": ["site:read"],
  "site:script:inject": ["site:read"],
  "site:script:cookies": ["site:read"],
  "site:visitor:auth": ["site:read", "site:auth:read"],
  "site:visitor:claims": ["site:read"],
  "site:adaptive:read": ["site:read"],
  "site:adaptive:write": ["site:write"],
  "openapi:read": ["openapi:read"],
  "openapi:write": ["openapi:write"],
};

/** What every installation token may do besides its scopes: read its organization, its
 * integration and its installation. */
const BASE_SCOPES: Scope[] = [
  "organization:read",
  "integration:read",
  "integration:installations:read",
];

/** The token scopes of an installation of an integration declaring `scopes`. */
export function tokenScopesOf(scopes: readonly string[]): Scope[] {
  return [...new Set([...BASE_SCOPES, ...scopes.flatMap((s) => OAUTH_SCOPES[s] ?? [])])];
}

/** Integration scopes that write content or metadata of spaces. */
const SPACE_WRITE = ["space:content:write", "space:metadata:write", "space:git:sync"];

/**
 * The content role an installation's bot user gets from the integration's scopes: `edit` for
 * space writes, `read` for any other space or site scope, none (guest) otherwise.
 */
export function roleOfScopes(scopes: readonly string[]): MemberRole | null {
  if (scopes.some((s) => SPACE_WRITE.includes(s))) return "edit";
  if (scopes.some((s) => s.startsWith("space:") || s.startsWith("site:") || s.startsWith("page:")))
    return "read";
  return null;
}
