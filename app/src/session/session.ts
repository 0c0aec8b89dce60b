import { getCookie } from "hono/cookie";
import type { Context } from "hono";
import { csrfToken } from "../../../core/sessions/csrf";
import { SESSION_COOKIE } from "../../../core/sessions/session";
import { isRefusal } from "../api/client";
import type { User } from "../api/types";
import { seeOther } from "../http/responses";
import type { ScreenEnv } from "../http/screen-env";

/**
 * Who is signed in, as the app knows it: the session cookie the browser sent (HttpOnly to
 * scripts, but the app receives it with every request) and the API's answer about it. The app
 * never decides whether a session is valid: `GET /v1/user` does; the cookie only tells the app
 * whether to ask, and gives the form token (core/sessions/csrf.ts) the screens' forms carry.
 */

/** The signed-in person of a screen, with the CSRF token of their session for its forms. */
export interface SignedIn {
  user: User;
  csrf: string;
}

/** The session cookie's secret the browser sent, or null. */
export function sessionSecret(c: Context<ScreenEnv>): string | null {
  const value = getCookie(c, SESSION_COOKIE);
  return value && value.length <= 200 ? value : null;
}

/**
 * The CSRF token of the session cookie the browser sent, for every form a screen renders ("" when
 * there is none): a form posted while a session cookie exists proves its page was the app's,
 * whether or not the session is still good (the API decides that).
 */
export async function formToken(c: Context<ScreenEnv>): Promise<string> {
  const secret = sessionSecret(c);
  return secret ? csrfToken(secret) : "";
}

/** The person signed in, or null (no cookie, or the API no longer accepts it). */
export async function signedIn(c: Context<ScreenEnv>): Promise<SignedIn | null> {
  const secret = sessionSecret(c);
  if (!secret) return null;
  try {
    const user = await c.var.api.get<User>("/user");
    return { user, csrf: await csrfToken(secret) };
  } catch (error) {
    if (isRefusal(error, 401, 403)) return null;
    throw error;
  }
}

/** The sign-in address that comes back to `path` afterwards. */
export function signInFor(path: string): string {
  return `/sign-in?next=${encodeURIComponent(path)}`;
}

/**
 * Where to go after signing in: `next` when it is a path of this app (one leading slash, no
 * scheme or host, no backslash), else home. A `next` pointing elsewhere would make the sign-in
 * page an open redirect.
 */
export function safeNext(next: string | undefined | null): string {
  if (!next || next.length > 2000) return "/";
  if (!next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  // Control characters (a browser drops tabs and newlines, turning "/\t/host" into "//host").
  for (let i = 0; i < next.length; i++) if (next.charCodeAt(i) < 0x20) return "/";
  return next;
}

/** The person of a screen that needs one, or the redirect to sign in and come back here. */
export async function personOr(c: Context<ScreenEnv>): Promise<SignedIn | Response> {
  const person = await signedIn(c);
  if (person) return person;
  const url = new URL(c.req.url);
  return seeOther(signInFor(url.pathname + url.search));
}
