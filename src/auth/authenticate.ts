import type { Context } from "hono";
import type { AppEnv } from "../env";
import { unauthorized } from "../lib/errors";
import { nowIso, nowMs } from "../lib/clock";
import { isWellFormedToken, tokenDigest } from "./tokens";

/** The authenticated caller: the user and the token they used. */
export interface Caller {
  user: {
    id: string;
    displayName: string;
    email: string;
    emailVerified: boolean;
    photoURL: string | null;
  };
  token: { id: string; scopes: string[] | null; lastUsedAt: string | null };
}

/** Per-request authentication state: the digest from the header, then the loaded caller. */
export interface CallerCache {
  digest: string | null;
  caller?: Caller;
}

/** Raw columns of the token+user lookup, shared by every query that authenticates in a batch. */
export const CALLER_SQL = `SELECT t.id AS token_id, t.scopes AS token_scopes, t.expires_at AS token_expires_at,
  t.revoked_at AS token_revoked_at, t.last_used_at AS token_last_used_at,
  u.id AS user_id, u.display_name AS user_display_name, u.email AS user_email,
  u.email_verified AS user_email_verified, u.photo_url AS user_photo_url
  FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.digest = ?1`;

/** Subquery yielding the caller's user id from the token digest bound as ?1. */
export const CALLER_USER_ID = `(SELECT user_id FROM api_tokens WHERE digest = ?1)`;

/** Reads the Authorization header; a missing or malformed token is a 401 before any query. */
export async function readBearer(header: string | undefined): Promise<string> {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match?.[1]) throw unauthorized("Missing or malformed Authorization header");
  if (!isWellFormedToken(match[1])) throw unauthorized("Invalid API token");
  return tokenDigest(match[1]);
}

/**
 * Turns a row of CALLER_SQL into a Caller, or throws 401 for an unknown, expired or revoked
 * token. Schedules the `lastUsedAt` write at most once a minute, off the response path.
 */
export function callerFromRow(
  c: Context<AppEnv>,
  row: Record<string, unknown> | null | undefined,
): Caller {
  if (!row) throw unauthorized("Invalid API token");
  if (row.token_revoked_at) throw unauthorized("This API token has been revoked");
  const expires = row.token_expires_at as string | null;
  if (expires && Date.parse(expires) <= nowMs()) throw unauthorized("This API token has expired");
  const caller: Caller = {
    user: {
      id: String(row.user_id),
      displayName: String(row.user_display_name),
      email: String(row.user_email),
      emailVerified: Boolean(row.user_email_verified),
      photoURL: (row.user_photo_url as string | null) ?? null,
    },
    token: {
      id: String(row.token_id),
      scopes: row.token_scopes ? (JSON.parse(String(row.token_scopes)) as string[]) : null,
      lastUsedAt: (row.token_last_used_at as string | null) ?? null,
    },
  };
  const last = caller.token.lastUsedAt ? Date.parse(caller.token.lastUsedAt) : 0;
  if (nowMs() - last > 60_000) {
    const write = c.env.DB.prepare("UPDATE api_tokens SET last_used_at = ?1 WHERE id = ?2")
      .bind(nowIso(), caller.token.id)
      .run()
      .catch((err: unknown) => console.error("lastUsedAt update failed", err));
    try {
      c.executionCtx.waitUntil(write);
    } catch {
      // No execution context (direct app.request in a unit test): let the promise settle alone.
    }
  }
  c.var.caller.caller = caller;
  return caller;
}

/** The caller's digest, for binding as ?1 in batched access queries. */
export function callerDigest(c: Context<AppEnv>): string {
  const digest = c.var.caller.digest;
  if (!digest) throw unauthorized();
  return digest;
}

/** The authenticated caller, loaded with one query if no batched access check loaded it yet. */
export async function authenticate(c: Context<AppEnv>): Promise<Caller> {
  if (c.var.caller.caller) return c.var.caller.caller;
  const row = await c.var.d1
    .prepare(CALLER_SQL)
    .bind(callerDigest(c))
    .first<Record<string, unknown>>();
  return callerFromRow(c, row);
}
