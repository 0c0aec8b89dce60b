import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { csrfToken, CSRF_HEADER } from "../../core/sessions/csrf";
import { sha256Hex } from "../../core/digest";
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_PREFIX } from "../../core/sessions/session";
import { randomToken } from "../../src/lib/crypto";
import { newId } from "../../src/lib/ids";
import { apiTokens } from "../../src/db/schema";
import { startSession, type SignInMethod } from "../../src/services/sessions/start";
import { call, type CallOptions } from "./api";
import { testDb } from "./factories";

/** A session made for a test, with the headers a same-origin browser request sends with it. */
export interface TestSession {
  id: string;
  secret: string;
  userId: string;
  /** `Cookie: quire_session=<secret>`. */
  cookie: string;
  /** The session's CSRF token (`X-Quire-CSRF`). */
  csrf: string;
  /** The app's origin (PUBLIC_APP_URL's), as the browser's `Origin`. */
  origin: string;
  /** All three as request headers: what the app's pages send on a state-changing request. */
  headers: Record<string, string>;
}

/** The app's origin in the test Worker's bindings. */
export function appOrigin(): string {
  return new URL(env.PUBLIC_APP_URL).origin;
}

/**
 * A session for a user, started by the service every way in ends with (`startSession`), and
 * optionally moved in time: `lastUsedAt` (idle expiry) or `expiresAt` (absolute expiry) in the
 * past, or `revoked`.
 */
export async function makeSession(
  userId: string,
  options: {
    method?: SignInMethod;
    device?: string;
    lastUsedAt?: string;
    expiresAt?: string;
    revoked?: boolean;
  } = {},
): Promise<TestSession> {
  const db = testDb();
  const { id, secret } = await startSession(db, {
    userId,
    method: options.method ?? "link",
    device: options.device ?? "vitest",
    place: null,
  });
  const moved = {
    ...(options.lastUsedAt ? { lastUsedAt: options.lastUsedAt } : {}),
    ...(options.expiresAt ? { expiresAt: options.expiresAt } : {}),
    ...(options.revoked ? { revokedAt: new Date().toISOString() } : {}),
  };
  if (Object.keys(moved).length) {
    await db.update(apiTokens).set(moved).where(eq(apiTokens.id, id));
  }
  return sessionOf(id, secret, userId);
}

/**
 * Several sessions in one round trip (the authorization matrices make three per matrix): each
 * person's, `revoked` ones already revoked. Rows as `startSession` writes them.
 */
export async function makeSessions(
  wanted: readonly { userId: string; revoked?: boolean }[],
): Promise<TestSession[]> {
  const db = testDb();
  const now = new Date();
  const made = await Promise.all(
    wanted.map(async ({ userId, revoked }) => {
      const secret = `${SESSION_PREFIX}${randomToken(32)}`;
      const row = {
        id: newId(),
        userId,
        kind: "session" as const,
        label: "Session",
        digest: await sha256Hex(secret),
        hint: secret.slice(-4),
        createdAt: now.toISOString(),
        lastUsedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
        method: "link",
        revokedAt: revoked ? now.toISOString() : null,
      };
      return { row, session: await sessionOf(row.id, secret, userId) };
    }),
  );
  await db.insert(apiTokens).values(made.map((m) => m.row));
  return made.map((m) => m.session);
}

/** The test's view of a session: its secret and the headers a browser sends with it. */
async function sessionOf(id: string, secret: string, userId: string): Promise<TestSession> {
  const cookie = `${SESSION_COOKIE}=${secret}`;
  const csrf = await csrfToken(secret);
  const origin = appOrigin();
  return {
    id,
    secret,
    userId,
    cookie,
    csrf,
    origin,
    headers: { Cookie: cookie, [CSRF_HEADER]: csrf, Origin: origin },
  };
}

/**
 * Shorthands like `as(token)` for a session: each request carries the cookie, the CSRF header and
 * the app's Origin (`headers` given in a call's options replace or add to them; a header set to
 * the empty string is left out, to test refusals).
 */
export function asSession(session: Pick<TestSession, "headers">) {
  const withSession = (o: CallOptions): CallOptions => {
    const headers = { ...session.headers, ...(o.headers ?? {}) };
    for (const [k, v] of Object.entries(headers)) if (v === "") delete headers[k];
    return { ...o, token: null, headers };
  };
  return {
    get: <T = any>(path: string, o: CallOptions = {}) => call<T>("GET", path, withSession(o)),
    post: <T = any>(path: string, body?: unknown, o: CallOptions = {}) =>
      call<T>("POST", path, withSession({ ...o, body })),
    put: <T = any>(path: string, body?: unknown, o: CallOptions = {}) =>
      call<T>("PUT", path, withSession({ ...o, body })),
    patch: <T = any>(path: string, body?: unknown, o: CallOptions = {}) =>
      call<T>("PATCH", path, withSession({ ...o, body })),
    delete: <T = any>(path: string, o: CallOptions = {}) => call<T>("DELETE", path, withSession(o)),
  };
}
