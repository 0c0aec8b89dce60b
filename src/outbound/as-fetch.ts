import type { Outbound, OutboundLimits } from "./index";

/** What a library's `fetch` hands over (oauth4webapi's `customFetch` options, a subset). */
interface FetchLikeInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | Uint8Array<ArrayBuffer> | null;
}

/**
 * The one outbound fetcher as a `fetch` for libraries that take one (oauth4webapi's
 * `customFetch`): every request still goes through `src/outbound`'s checks (address rules, each
 * redirect re-checked, time limit, size cap); the fully read answer comes back as a Response.
 * `limits` are the caller's own (Git Sync's packs: a larger size cap and time limit).
 */
export function fetchThrough(
  outbound: Outbound,
  limits?: OutboundLimits,
): (url: string, init?: FetchLikeInit) => Promise<Response> {
  return async (url, init = {}) => {
    const body = init.body instanceof URLSearchParams ? init.body.toString() : init.body;
    const headers = { ...(init.headers ?? {}) };
    if (init.body instanceof URLSearchParams && !hasHeader(headers, "content-type")) {
      headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    }
    const res = await outbound.request(
      url,
      {
        method: init.method ?? "GET",
        headers,
        ...(body === null || body === undefined ? {} : { body }),
      },
      limits,
    );
    const status = res.status;
    const nullBody = status === 204 || status === 205 || status === 304;
    return new Response(nullBody ? null : new Uint8Array(res.body), {
      status,
      headers: res.headers,
    });
  };
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name);
}
