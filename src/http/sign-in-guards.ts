import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { randomToken } from "../lib/crypto";
import { SIGN_IN_NONCE_COOKIE } from "../../core/sessions/session";
import { requestAddress } from "./client-address";
import { attributes } from "./session-cookie";

/**
 * The asking browser's nonce: the one its `quire_sign_in` cookie already holds (so two requests
 * from one browser both work there), else a new one; the cookie is (re)set for 15 minutes.
 */
export function signInNonce(c: Context<AppEnv>): string {
  const held = getCookie(c, SIGN_IN_NONCE_COOKIE);
  const nonce = held && /^[A-Za-z0-9_-]{43}$/.test(held) ? held : randomToken(32);
  c.header("Set-Cookie", `${SIGN_IN_NONCE_COOKIE}=${nonce}; ${attributes(c)}; Max-Age=900`, {
    append: true,
  });
  return nonce;
}

/** The nonce the browser presents, if any. */
export function presentedNonce(c: Context<AppEnv>): string | undefined {
  const held = getCookie(c, SIGN_IN_NONCE_COOKIE);
  return held && /^[A-Za-z0-9_-]{43}$/.test(held) ? held : undefined;
}

/** Clears the nonce cookie once a sign-in it was for is done. */
export function clearSignInNonce(c: Context<AppEnv>): void {
  c.header("Set-Cookie", `${SIGN_IN_NONCE_COOKIE}=; ${attributes(c)}; Max-Age=0`, {
    append: true,
  });
}

/**
 * The guards of every public sign-in POST. A browser's `Origin` must be the app's or the API's
 * own (login CSRF: another site must not sign a visitor in as someone else); a request without
 * one (curl, a server) passes. Then one unit of the client address's sign-in budget
 * (`RATE_LIMIT_IP`, keyed `sign-in:<address>`, apart from its general budget): spent, 429.
 */
export async function guardSignIn(c: Context<AppEnv>): Promise<void> {
  const origin = c.req.header("Origin");
  if (origin !== undefined) {
    const allowed = [new URL(c.env.PUBLIC_APP_URL).origin, new URL(c.req.url).origin];
    if (!allowed.includes(origin)) throw new ApiError(403, "Cross-site request refused");
  }
  const binding = c.env.RATE_LIMIT_IP;
  if (!binding) return;
  const address = requestAddress(c) ?? "unknown-client";
  const { success } = await binding.limit({ key: `sign-in:${address}` });
  if (!success) {
    throw new ApiError(429, "Too many sign-in attempts from this address: retry in a minute");
  }
}
