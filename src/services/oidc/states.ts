import { and, eq, gt } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import type { Database } from "../../db/client";
import { oidcStates } from "../../db/schema/index";
import { nowMs } from "../../lib/clock";
import { randomToken, safeEqual, sha256Hex } from "../../lib/crypto";

/**
 * OIDC sign-ins under way (docs/security.md, "OIDC"): one row per start, keyed by the digest of
 * the `state` sent to the provider and bound to the digest of a cookie of the browser that
 * started it. The callback deletes the row before anything else (single use: a replayed answer
 * finds nothing), then checks the browser, the PKCE verifier and the nonce.
 */

/** How long a started sign-in may be finished. */
const STATE_TTL_MS = 10 * 60 * 1000;

/** The flow's secrets: what goes to the provider (state, nonce, challenge) and to the browser. */
export interface StartedFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The state cookie's value: binds the sign-in to this browser. */
  browserSecret: string;
  /** Seconds the cookie and the row live. */
  maxAgeSeconds: number;
}

/** Records a new sign-in with `provider` (a deployment id or `org:<id>`), single use, 10 minutes. */
export async function startFlow(
  db: Database,
  provider: string,
  returnTo: string | null,
): Promise<StartedFlow> {
  const flow = {
    state: randomToken(32),
    nonce: oauth.generateRandomNonce(),
    codeVerifier: oauth.generateRandomCodeVerifier(),
    browserSecret: randomToken(32),
    maxAgeSeconds: STATE_TTL_MS / 1000,
  };
  await db.insert(oidcStates).values({
    stateDigest: await sha256Hex(flow.state),
    browserDigest: await sha256Hex(flow.browserSecret),
    provider,
    codeVerifier: flow.codeVerifier,
    nonce: flow.nonce,
    returnTo,
    expiresAt: new Date(nowMs() + STATE_TTL_MS).toISOString(),
  });
  return flow;
}

/** A sign-in taken back by its callback. */
export interface TakenFlow {
  provider: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string | null;
}

/**
 * Takes (deletes) the live sign-in of `state`: null when there is none (never started, expired,
 * already used), `"other-browser"` when the state cookie is not the starting browser's.
 */
export async function takeFlow(
  db: Database,
  state: string,
  browserSecret: string | null,
): Promise<TakenFlow | null | "other-browser"> {
  const [row] = await db
    .delete(oidcStates)
    .where(
      and(
        eq(oidcStates.stateDigest, await sha256Hex(state)),
        gt(oidcStates.expiresAt, new Date(nowMs()).toISOString()),
      ),
    )
    .returning();
  if (!row) return null;
  if (!browserSecret || !safeEqual(await sha256Hex(browserSecret), row.browserDigest)) {
    return "other-browser";
  }
  return {
    provider: row.provider,
    nonce: row.nonce,
    codeVerifier: row.codeVerifier,
    returnTo: row.returnTo,
  };
}
