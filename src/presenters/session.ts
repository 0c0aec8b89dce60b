import { SIGN_IN_METHODS, type Session, type SessionRow } from "../api/sessions";

/** The ways in the wire knows; a stored method outside them is shown as unknown (null). */
const METHODS: ReadonlySet<string> = new Set(SIGN_IN_METHODS);

/**
 * A session as listed to its person, `current` when it is the request's own: never the secret
 * (only its digest is stored), so nothing here can leak it.
 */
export function presentSession(row: SessionRow, currentId: string | null): Session {
  return {
    object: "session",
    id: row.id,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt ?? null,
    expiresAt: row.expiresAt ?? row.createdAt,
    device: row.device ?? null,
    place: row.place ?? null,
    method: row.method && METHODS.has(row.method) ? (row.method as Session["method"]) : null,
    current: row.id === currentId,
  };
}
