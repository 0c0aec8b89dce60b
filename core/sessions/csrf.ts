import { sha256Hex } from "../digest";

/**
 * The one cross-site request rule for sessions (docs/security.md, "Sessions"), used by the API
 * (src/auth/session-credential.ts) and by the app Worker's forms: a state-changing request a
 * session cookie authenticates needs the `X-Quire-CSRF` header equal to `csrfToken(secret)` and
 * an `Origin` that is the app's or the API's own. API tokens are not ambient, so unaffected.
 */

/** The header (and the app's hidden form field's meaning) that proves a same-origin caller. */
export const CSRF_HEADER = "X-Quire-CSRF";

/** Methods that change nothing (RFC 9110 §9.2.1): no proof asked for. */
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a request method is safe (needs no CSRF proof). */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/**
 * The CSRF token of a session: hex SHA-256 of `"quire-csrf\n" + secret`. Only the session's
 * holder can compute it (the secret is HttpOnly; the app hands the token to its own pages), and
 * it stays the same for the session's life, so forms and scripts need no extra state.
 */
export function csrfToken(secret: string): Promise<string> {
  return sha256Hex(`quire-csrf\n${secret}`);
}

/** What a session's state-changing request presented, for `crossSiteRefusal`. */
export interface CsrfEvidence {
  method: string;
  /** The `X-Quire-CSRF` header, if any. */
  token: string | null | undefined;
  /** The `Origin` header, if any. */
  origin: string | null | undefined;
  /** The session's secret, from its cookie. */
  secret: string;
  /** The origins a session's writes may come from: the app's and the API's own. */
  allowedOrigins: readonly string[];
}

/**
 * Why a session's request is refused as cross-site, or null when it may go on: the missing or
 * wrong proof, named (the 403's message says it). Safe methods always go on.
 */
export async function crossSiteRefusal(evidence: CsrfEvidence): Promise<string | null> {
  if (isSafeMethod(evidence.method)) return null;
  if (!evidence.origin) return "the Origin header is missing";
  if (!evidence.allowedOrigins.includes(evidence.origin)) {
    return `the Origin ${JSON.stringify(evidence.origin.slice(0, 200))} is not this deployment's`;
  }
  if (!evidence.token) return `the ${CSRF_HEADER} header is missing`;
  if (!constantTimeEqual(evidence.token, await csrfToken(evidence.secret))) {
    return `the ${CSRF_HEADER} header does not match the session`;
  }
  return null;
}

/** String equality whose time does not depend on where the strings first differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
