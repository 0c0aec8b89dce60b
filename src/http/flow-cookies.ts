import type { Context } from "hono";
import type { AppEnv } from "../env";
import { cookieValue } from "../../core/sessions/session";
import { attributes } from "./session-cookie";

/**
 * The short-lived cookies that bind a sign-in ceremony to the browser that began it (an OIDC
 * state, a passkey sign-in challenge): HttpOnly, SameSite=Lax, Secure unless the app is local
 * (the session cookie's attributes), valid only for the ceremony's lifetime. Only digests of
 * their values are stored.
 */

/** The OIDC state cookie (src/services/oidc/states.ts). */
export const OIDC_STATE_COOKIE = "quire_oidc";
/** The passkey sign-in challenge cookie (src/services/passkeys/sign-in.ts). */
export const PASSKEY_COOKIE = "quire_passkey";

/** The `Set-Cookie` that hands a ceremony's binding to the browser for `maxAgeSeconds`. */
export function flowCookie(
  c: Context<AppEnv>,
  name: string,
  value: string,
  maxAgeSeconds: number,
): string {
  return `${name}=${value}; ${attributes(c)}; Max-Age=${maxAgeSeconds}`;
}

/** The `Set-Cookie` that removes a ceremony's cookie once it is spent. */
export function clearedFlowCookie(c: Context<AppEnv>, name: string): string {
  return `${name}=; ${attributes(c)}; Max-Age=0`;
}

/** The value of a ceremony's cookie on the request, or null. */
export function flowCookieValue(c: Context<AppEnv>, name: string): string | null {
  const value = cookieValue(c.req.header("Cookie"), name);
  return value && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;
}
