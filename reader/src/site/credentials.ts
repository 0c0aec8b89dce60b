/**
 * What a visitor brings to a site besides the URL: a share key (`?share=` once, then an HttpOnly
 * cookie), a visitor JWT from the publisher's login (`?jwt_token=` once, then an HttpOnly cookie,
 * sent to the API as the visitor token) and GitBook's unsigned adaptive claims (`?visitor.x=y`).
 * Pure: reads a Request, writes Set-Cookie values.
 */

/** Cookie names: one share key and one visitor token per site (scoped by path or host). */
const SHARE_COOKIE = "q_share";
export const VISITOR_COOKIE = "q_visitor";
/** Every cookie that changes what a site shows (a kept view is keyed by their values). */
export const READER_COOKIES = [SHARE_COOKIE, VISITOR_COOKIE] as const;

/** The credentials of one request, and where each came from. */
export interface Credentials {
  share?: string;
  jwt?: string;
  /** GitBook's unsigned visitor claims (`visitor.<name>` query parameters). */
  unsigned: Record<string, string>;
  /** True when a credential came in the query: the reader keeps it and redirects to a clean URL. */
  fromQuery: boolean;
}

/** The value of one cookie of the request. */
function cookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** A credential as the API accepts it: printable, bounded; anything else is ignored. */
function usable(value: string | null | undefined, max: number): string | undefined {
  return value && value.length <= max && /^[\x21-\x7e]+$/.test(value) ? value : undefined;
}

/** Reads the request's credentials: the query's win over the cookies'. */
export function credentialsOf(request: Request): Credentials {
  const url = new URL(request.url);
  const queryShare = usable(url.searchParams.get("share"), 200);
  const queryJwt = usable(url.searchParams.get("jwt_token"), 8192);
  const unsigned: Record<string, string> = {};
  url.searchParams.forEach((value, key) => {
    if (key.startsWith("visitor.") && key.length < 80 && value.length < 200) {
      unsigned[key.slice("visitor.".length)] = value;
    }
  });
  const share = queryShare ?? usable(cookie(request, SHARE_COOKIE), 200);
  const jwt = queryJwt ?? usable(cookie(request, VISITOR_COOKIE), 8192);
  return {
    ...(share ? { share } : {}),
    ...(jwt ? { jwt } : {}),
    unsigned,
    fromQuery: queryShare !== undefined || queryJwt !== undefined,
  };
}

/** The request's URL without the credentials the reader moves into cookies. */
export function cleanUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("share");
  url.searchParams.delete("jwt_token");
  return url.toString();
}

/** Seconds until a JWT's `exp` (unverified: only to size the cookie), capped at a week. */
function jwtLifetime(jwt: string, now: number): number {
  try {
    const payload = JSON.parse(atob(jwt.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as {
      exp?: number;
    };
    const left = typeof payload.exp === "number" ? payload.exp - Math.floor(now / 1000) : 3600;
    return Math.max(0, Math.min(left, 7 * 24 * 3600));
  } catch {
    return 3600;
  }
}

/** The Set-Cookie values that keep the credentials a query brought, for the site's path. */
export function keepCredentials(
  credentials: Credentials,
  sitePath: string,
  secure: boolean,
  now = Date.now(),
): string[] {
  const attributes = `Path=${sitePath}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  const out: string[] = [];
  if (credentials.share) {
    out.push(
      `${SHARE_COOKIE}=${encodeURIComponent(credentials.share)}; ${attributes}; Max-Age=2592000`,
    );
  }
  if (credentials.jwt) {
    const age = jwtLifetime(credentials.jwt, now);
    out.push(
      `${VISITOR_COOKIE}=${encodeURIComponent(credentials.jwt)}; ${attributes}; Max-Age=${age}`,
    );
  }
  return out;
}

/** The Set-Cookie value that forgets a credential the API no longer accepts. */
function forget(name: string, sitePath: string): string {
  return `${name}=; Path=${sitePath}; HttpOnly; SameSite=Lax; Max-Age=0`;
}

/** How deep a site's base path may be for `forgetUnder` to reach its cookie. */
const FORGET_DEPTH = 8;

/**
 * The Set-Cookie values that forget a credential whose site path is not known (an address the
 * API sends to the publisher's login names no site): a cookie is cleared only at the exact path
 * it was set at, and a site's path is a prefix of every address under it, so one value per
 * prefix of `pathname` (at most `FORGET_DEPTH` + 1).
 */
export function forgetUnder(name: string, pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean).slice(0, FORGET_DEPTH);
  const paths = ["/"];
  for (let i = 1; i <= segments.length; i++) paths.push(`/${segments.slice(0, i).join("/")}`);
  return paths.map((path) => forget(name, path));
}
