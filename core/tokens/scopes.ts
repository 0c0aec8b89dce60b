/**
 * The scopes an API token may be limited to: one list for the API (src/lib/scopes.ts, which
 * checks them) and the app's token form (app/src/screens/account), which offers them.
 */

/**
 * The official OAuth scope names a token may be limited to, plus `user:write` (Quire's: changing
 * what is the user's own — their profile, API tokens, passkeys and sessions; the official list has
 * no write scope for the user). A token without
 * scopes carries all of its user's rights; one with scopes may only do what the scopes name, on
 * top of the role check.
 */
export const SCOPES = [
  "user:read",
  "user:write",
  "organization:read",
  "organization:write",
  "organization:members:read",
  "organization:members:write",
  "organization:search",
  "space:read",
  "space:write",
  "space:permissions:read",
  "space:permissions:write",
  "change-request:merge",
  "site:read",
  "site:write",
  "site:publish",
  "site:auth:read",
  "site:auth:write",
  "site:permissions:read",
  "site:permissions:write",
  "integration:read",
  "integration:installations:read",
  "integration:installations:write",
  "integration:publish",
  "integration:delete",
  "openapi:read",
  "openapi:write",
] as const;
