import type { Passkey } from "../api/passkeys";
import type { PasskeyRow } from "../db/schema";

/** A passkey as its owner sees it: name and dates, never the credential's key or id. */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    object: "passkey",
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    transports: row.transports ?? [],
  };
}
