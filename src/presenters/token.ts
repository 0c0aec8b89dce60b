import type { ApiToken } from "../api/users";
import type { ApiTokenRow } from "../db/schema";

/** A token as listed to its owner; the secret is never stored, so it cannot leak from here. */
export function presentToken(row: ApiTokenRow): ApiToken {
  return {
    object: "api-token",
    id: row.id,
    label: row.label,
    hint: row.hint,
    scopes: row.scopes ?? null,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt ?? null,
    lastUsedAt: row.lastUsedAt ?? null,
  };
}
