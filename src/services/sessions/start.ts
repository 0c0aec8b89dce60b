import type { SIGN_IN_METHODS } from "../../api/sessions";
import type { Database } from "../../db/client";
import { apiTokens } from "../../db/schema/index";
import { SESSION_ABSOLUTE_MS, SESSION_PREFIX } from "../../../core/sessions/session";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/clock";

/** How a person signed in: the way in that started the session (shown in their sessions list). */
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** What a new session records about the sign-in. */
export interface SessionStart {
  userId: string;
  method: SignInMethod;
  /** The browser as it named itself (its `User-Agent`, shortened), or null. */
  device: string | null;
  /** Where the sign-in came from (the client address, or its country), or null. */
  place: string | null;
}

/** The longest `device` and `place` kept (a header can be long; a list row need not be). */
const MAX_TEXT = 200;

/**
 * Starts a session for a person: every way in ends here. The session is a credential row of the
 * person (`api_tokens`, `kind = 'session'`), so the access model reads it as it reads a token; only the
 * secret's SHA-256 digest is stored. The secret goes to the browser once, in the cookie
 * (src/http/session-cookie.ts). It ends 30 days after it starts, or after 14 idle days.
 */
export async function startSession(
  db: Database,
  start: SessionStart,
): Promise<{ id: string; secret: string; expiresAt: string; createdAt: string }> {
  const secret = SESSION_PREFIX + randomToken(32);
  const now = nowMs();
  const createdAt = new Date(now).toISOString();
  const expiresAt = new Date(now + SESSION_ABSOLUTE_MS).toISOString();
  const id = newId();
  await db.insert(apiTokens).values({
    id,
    userId: start.userId,
    kind: "session",
    label: "Session",
    digest: await sha256Hex(secret),
    hint: secret.slice(-4),
    scopes: null,
    createdAt,
    // The idle window counts from the last use: the start is the first.
    lastUsedAt: createdAt,
    expiresAt,
    method: start.method,
    device: start.device?.slice(0, MAX_TEXT) || null,
    place: start.place?.slice(0, MAX_TEXT) || null,
  });
  return { id, secret, expiresAt, createdAt };
}
