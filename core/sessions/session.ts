/**
 * The facts of a person's sign-in session that the API and the app Worker both need: the
 * cookie's name, the secret's shape and the two expiry windows. Pure (no src/, hono or drizzle),
 * like the rest of core/.
 */

/** The cookie that carries a session's secret (HttpOnly, SameSite=Lax, Path=/). */
export const SESSION_COOKIE = "quire_session";

/** The cookie that binds an e-mail sign-in link to the browser that asked for it. */
export const SIGN_IN_NONCE_COOKIE = "quire_sign_in";

/** Every session secret starts with this (API tokens start with `quire_`): scanners see which. */
export const SESSION_PREFIX = "qs_";

/** `qs_` and 32 random bytes in base64url (43 characters). */
const SESSION_PATTERN = /^qs_[A-Za-z0-9_-]{43}$/;

/** Whether a string has a session secret's shape (checked before any digest or query). */
export function isSessionSecret(value: string): boolean {
  return SESSION_PATTERN.test(value);
}

/** Every one-time sign-in link's token starts with this (`npm run admin -- user sign-in-link`). */
export const SIGN_IN_LINK_PREFIX = "qsl_";

/** `qsl_` and 32 random bytes in base64url. */
const SIGN_IN_LINK_PATTERN = /^qsl_[A-Za-z0-9_-]{43}$/;

/** Whether a string has a sign-in link token's shape (checked before any digest or query). */
export function isSignInLinkToken(value: string): boolean {
  return SIGN_IN_LINK_PATTERN.test(value);
}

/** How long an operator's sign-in link works (once). */
export const SIGN_IN_LINK_MS = 60 * 60 * 1000;

/** A session unused this long ends (its `lastUsedAt` plus this). */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;

/** A session ends this long after it started, however much it is used (its `expiresAt`). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Whether a session is past its idle window at `now`: last used (its start counts as a use) at
 * least `SESSION_IDLE_MS` ago; a session with no use recorded is. The absolute window is the
 * row's `expiresAt`, checked like a token's.
 */
export function isIdleExpired(lastUsedAt: string | null, now: number): boolean {
  if (!lastUsedAt) return true;
  return Date.parse(lastUsedAt) + SESSION_IDLE_MS <= now;
}

/**
 * The value of one cookie in a `Cookie` header, or null: the one parse of it (RFC 6265 §5.4:
 * `name=value` pairs separated by `;`, the first of a repeated name wins).
 */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1);
    }
    return value;
  }
  return null;
}
