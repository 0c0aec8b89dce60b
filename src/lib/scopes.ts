import { SCOPES } from "../../core/tokens/scopes";

/** The scope names (core/tokens/scopes.ts): the API checks them, the app's token form offers them. */
export { SCOPES };

/** One official OAuth scope. */
export type Scope = (typeof SCOPES)[number];

/** Whether a token's scope list allows `scope`; a null list allows everything. */
export function scopeAllows(tokenScopes: readonly string[] | null, scope: Scope): boolean {
  if (tokenScopes === null) return true;
  if (tokenScopes.includes(scope)) return true;
  // A write scope implies the matching read scope, as the official scope descriptions read.
  return (
    scope.endsWith(":read") && tokenScopes.includes(scope.slice(0, -":read".length) + ":write")
  );
}
