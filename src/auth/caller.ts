import { primarySession } from "../db/session";
import { eq, sql, type Column, type SQL } from "drizzle-orm";
import { createDb } from "../db/client";
import type { Context } from "hono";
import type { AppEnv, Caller } from "../env";
import { apiTokens, users } from "../db/schema";
import { notFound, unauthorized } from "../lib/errors";
import { runBoth, type NoStatements, type Results, type Statements } from "../db/plan";
import { nowIso, nowMs } from "../lib/clock";
import { isWellFormedToken, tokenDigest } from "./tokens";
import { sessionSecretOf } from "./session-credential";
import { isIdleExpired, isSessionSecret } from "../../core/sessions/session";

// Declared with the request's variables (src/env.ts, which imports nothing above it).
export type { Caller };

/** The token of an `Authorization: Bearer <token>` header, or null: the one parse of it. */
export function bearerToken(header: string | undefined): string | null {
  return header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
}

/**
 * The digest of the request's credential, else null: a bearer token with a Quire token's shape,
 * or, with no `Authorization` header, the session cookie's secret (src/auth/session-credential.ts,
 * kept as `c.get("caller").session`). Hashed once per request (kept as `c.get("caller").digest`),
 * whoever asks first: the rate limit or `readBearer`/`readSession`.
 */
export async function presentedDigest(c: Context<AppEnv>): Promise<string | null> {
  const cache = c.get("caller");
  if (cache.digest) return cache.digest;
  const session = sessionSecretOf(c);
  if (session) {
    cache.session = session;
    cache.digest = await tokenDigest(session);
    return cache.digest;
  }
  const token = bearerToken(c.req.header("Authorization"));
  if (!token || !isWellFormedToken(token)) return null;
  cache.digest = await tokenDigest(token);
  return cache.digest;
}

/**
 * Requires a bearer token of the right shape; a missing or malformed one is a 401 before any
 * query, and so is a session secret (accepted only from its cookie, where the CSRF rule holds).
 */
export async function readBearer(c: Context<AppEnv>): Promise<string> {
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) throw unauthorized("Missing or malformed Authorization header");
  if (isSessionSecret(token)) {
    throw unauthorized("A session is accepted only from its cookie, not as a Bearer token");
  }
  const digest = await presentedDigest(c);
  if (!digest) throw unauthorized("Invalid API token");
  return digest;
}

/** The session secret of the request's cookie (digest kept), or null when it presents none. */
export async function readSession(c: Context<AppEnv>): Promise<string | null> {
  await presentedDigest(c);
  return c.get("caller").session ?? null;
}

/**
 * The caller's digest, for the batched access queries. A site API token has none: it reaches
 * only the published reads that ask for its grant instead, and anything else answers the 404 of
 * something that does not exist.
 */
export function callerDigest(c: Context<AppEnv>): string {
  const digest = c.get("caller").digest;
  if (digest) return digest;
  if (c.get("caller").site) throw notFound();
  throw unauthorized();
}

/**
 * The caller's digest for statements that look the caller up beside published reads: a reader
 * without a Quire token (a site API token, an anonymous reader) has none, and the empty digest
 * finds no one, so those statements see a visitor.
 */
export function readerDigest(c: Context<AppEnv>): string {
  const cache = c.get("caller");
  if (cache.site || cache.anonymous) return "";
  return callerDigest(c);
}

/**
 * The one token+user lookup, as a statement: access checks put it in the same `db.batch` as the
 * resource read, so authentication and authorization cost one D1 round trip together.
 */
export function callerQuery(c: Context<AppEnv>) {
  return c
    .get("db")
    .select(CALLER_FIELDS)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.digest, callerDigest(c)))
    .limit(1);
}

/** A caller row: the token's and the user's columns as the driver gives them (not decoded). */
export interface CallerRow {
  tokenId: string;
  tokenScopes: string | null;
  tokenExpiresAt: string | null;
  tokenRevokedAt: string | null;
  tokenLastUsedAt: string | null;
  tokenKind: "api" | "session";
  userId: string;
  userDisplayName: string;
  userEmail: string;
  userEmailVerified: number;
  userPhotoURL: string | null;
}

/**
 * The caller's columns under their `CallerRow` keys: the one list, which `callerQuery` selects
 * and the access statements (access-rows.ts) write into their JSON rows.
 */
export const CALLER_COLUMNS = {
  tokenId: apiTokens.id,
  tokenScopes: apiTokens.scopes,
  tokenExpiresAt: apiTokens.expiresAt,
  tokenRevokedAt: apiTokens.revokedAt,
  tokenLastUsedAt: apiTokens.lastUsedAt,
  tokenKind: apiTokens.kind,
  userId: users.id,
  userDisplayName: users.displayName,
  userEmail: users.email,
  userEmailVerified: users.emailVerified,
  userPhotoURL: users.photoURL,
} satisfies Record<keyof CallerRow, Column>;

/**
 * `CALLER_COLUMNS` as the caller lookup's selection, each aliased (the token and the user both
 * have an `id`, and D1 returns rows keyed by column name) and read as the driver gives it.
 */
const CALLER_FIELDS = Object.fromEntries(
  Object.entries(CALLER_COLUMNS).map(([key, column]) => [key, sql`${column}`.as(`caller_${key}`)]),
) as { [K in keyof CallerRow]: SQL.Aliased<CallerRow[K]> };

/**
 * SQL for "the caller's user id", usable inside any statement of the same batch; services take
 * it as a value (`callerId: SQL`) so they never see the request.
 */
export function callerUserId(c: Context<AppEnv>): SQL {
  return userOfDigestSql(callerDigest(c));
}

/**
 * SQL for "the user id of the token with this digest": `callerUserId`'s subquery, for statements
 * written once per isolate that bind the digest as a placeholder.
 */
export function userOfDigestSql(digest: string | SQL): SQL {
  return sql`(SELECT ${apiTokens.userId} FROM ${apiTokens} WHERE ${apiTokens.digest} = ${digest})`;
}

/**
 * Why a credential's row does not authenticate (unknown, presented as the other kind, revoked,
 * idle or expired), or null when it does: the one rule, for requests (`callerFromResult`) and
 * for the live rooms' periodic re-checks (src/collab).
 */
export function credentialRefusal(
  row: CallerRow | undefined,
  kind: "session" | "api",
  now: number,
): string | null {
  const what = kind === "session" ? "session" : "API token";
  if (!row || row.tokenKind !== kind) return `Invalid ${what}`;
  if (row.tokenRevokedAt) return `This ${what} has been revoked`;
  const idle = kind === "session" && isIdleExpired(row.tokenLastUsedAt ?? null, now);
  if (idle || (row.tokenExpiresAt && Date.parse(row.tokenExpiresAt) <= now)) {
    return `This ${what} has expired`;
  }
  return null;
}

/**
 * Turns the batch's `callerQuery` rows into the Caller, or throws 401 for an unknown, expired or
 * revoked token or session (a session also ends after its idle window; a credential presented
 * the other way than its kind's — a token as a cookie — is unknown). Schedules the `lastUsedAt`
 * write at most once a minute, off the response path.
 */
export function callerFromResult(c: Context<AppEnv>, rows: readonly CallerRow[]): Caller {
  const cache = c.get("caller");
  if (cache.caller) return cache.caller;
  const kind = cache.session ? "session" : "api";
  const row = rows[0];
  const refusal = credentialRefusal(row, kind, nowMs());
  if (refusal || !row) throw unauthorized(refusal ?? "Invalid API token");
  const caller: Caller = {
    user: {
      id: row.userId,
      displayName: row.userDisplayName,
      email: row.userEmail,
      emailVerified: Boolean(row.userEmailVerified),
      photoURL: row.userPhotoURL ?? null,
    },
    token: {
      id: row.tokenId,
      kind,
      scopes: scopesOf(row.tokenScopes),
      lastUsedAt: row.tokenLastUsedAt ?? null,
      expiresAt: row.tokenExpiresAt ?? null,
    },
  };
  c.get("verifiedTokens").remember(
    callerDigest(c),
    caller.token.id,
    caller.token.expiresAt,
    nowMs(),
  );
  touchToken(c, caller);
  cache.caller = caller;
  return caller;
}

/** The stored scopes column (a JSON list, or null for all the user's rights). */
function scopesOf(stored: unknown): string[] | null {
  if (stored == null) return null;
  if (Array.isArray(stored)) return stored as string[];
  return JSON.parse(String(stored)) as string[];
}

/** Writes `lastUsedAt` at most once a minute, in `waitUntil`. */
function touchToken(c: Context<AppEnv>, caller: Caller): void {
  const last = caller.token.lastUsedAt ? Date.parse(caller.token.lastUsedAt) : 0;
  if (nowMs() - last <= 60_000) return;
  // Off the request's session (a write after the answer): its own session, at the primary.
  const write = createDb(primarySession(c.env.DB))
    .update(apiTokens)
    .set({ lastUsedAt: nowIso() })
    .where(eq(apiTokens.id, caller.token.id))
    .run()
    .catch((err: unknown) => console.error("lastUsedAt update failed", err));
  try {
    c.executionCtx.waitUntil(write);
  } catch {
    // No execution context (a direct app.request): let the promise settle alone.
    void write;
  }
}

/**
 * Authenticates the caller together with the statements of `with` (a service's plan about the
 * caller's own things, naming them through `callerUserId(c)`), in one round trip.
 */
export async function resolveCaller<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  options: { with?: S } = {},
): Promise<{ caller: Caller; results: Results<S> }> {
  const { own, extra } = await runBoth(c.get("db"), { caller: callerQuery(c) }, options.with);
  return { caller: callerFromResult(c, own.caller), results: extra };
}

/**
 * Authenticates before the request's body is read, when the body may be large or malformed:
 * free when this isolate verified the token a few seconds ago (`VerifiedTokens`), one round trip
 * otherwise. The route's own checks still read the token again in their batch.
 */
export async function authenticateBeforeBody(c: Context<AppEnv>): Promise<void> {
  if (c.get("caller").caller || c.get("verifiedTokens").has(callerDigest(c), nowMs())) return;
  await authenticate(c);
}

/** The authenticated caller alone, for routes with no resource to check (one round trip). */
export async function authenticate(c: Context<AppEnv>): Promise<Caller> {
  return c.get("caller").caller ?? (await resolveCaller(c)).caller;
}
