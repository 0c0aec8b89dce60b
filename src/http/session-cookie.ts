import type { Context } from "hono";
import type { AppEnv } from "../env";
import { SESSION_COOKIE } from "../../core/sessions/session";
import { requestAddress } from "./client-address";

/**
 * The `Set-Cookie` values of a session (docs/security.md, "Sessions"): HttpOnly (no script reads
 * the secret), SameSite=Lax (no cross-site subrequest carries it), Path=/, and Secure unless the
 * app is served from http://localhost or http://127.0.0.1 (`npm run dev`), where browsers would
 * otherwise drop it.
 */

/** Whether the deployment's app URL is a local plain-HTTP one (the only place without Secure). */
function isLocalApp(c: Context<AppEnv>): boolean {
  let url: URL;
  try {
    url = new URL(c.env.PUBLIC_APP_URL);
  } catch {
    return false;
  }
  return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1");
}

/** The attributes every session cookie carries, Secure included unless the app is local. */
export function attributes(c: Context<AppEnv>): string {
  return `Path=/; HttpOnly; SameSite=Lax${isLocalApp(c) ? "" : "; Secure"}`;
}

/** The `Set-Cookie` that hands a new session's secret to the browser, until the session's end. */
export function sessionCookie(c: Context<AppEnv>, secret: string, expiresAt: string): string {
  const expires = new Date(expiresAt).toUTCString();
  return `${SESSION_COOKIE}=${secret}; ${attributes(c)}; Expires=${expires}`;
}

/** The `Set-Cookie` that removes the session cookie (sign-out, a revoked or expired session). */
export function clearedSessionCookie(c: Context<AppEnv>): string {
  return `${SESSION_COOKIE}=; ${attributes(c)}; Max-Age=0`;
}

/**
 * What a new session records of the browser that signs in: its `User-Agent` as the device, and
 * its country (Cloudflare's `cf.country`) or else its address as the place.
 */
export function signInOrigin(c: Context<AppEnv>): { device: string | null; place: string | null } {
  const cf = (c.req.raw as { cf?: { country?: unknown; city?: unknown } }).cf;
  const country = typeof cf?.country === "string" ? cf.country : null;
  const city = typeof cf?.city === "string" ? cf.city : null;
  const place = country ? (city ? `${city}, ${country}` : country) : requestAddress(c);
  return { device: c.req.header("User-Agent") ?? null, place };
}
