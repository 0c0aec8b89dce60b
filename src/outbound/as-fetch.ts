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
 * `limits` are the caller's own (Git Sync's packs: a larger size cap and time limit); with
 * `streamed` the answer's body is a stream read as it arrives (the cap and limit still apply).
 */
export function fetchThrough(
  outbound: Outbound,
  limits?: OutboundLimits,
  streamed = false,
): (url: string, init?: FetchLikeInit) => Promise<Response> {
  return async (url, init = {}) => {
    const body = init.body instanceof URLSearchParams ? init.body.toString() : init.body;
    const headers = { ...(init.headers ?? {}) };
    if (init.body instanceof URLSearchParams && !hasHeader(headers, "content-type")) {
      headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    }
    const request = {
      method: init.method ?? "GET",
      headers,
      ...(body === null || body === undefined ? {} : { body }),
    };
    if (streamed) {
      const res = await outbound.stream(url, request, limits);
      if (!nullBody(res.status)) return new Response(res.body, res);
      await res.body.cancel();
      return new Response(null, res);
    }
    const res = await outbound.request(url, request, limits);
    return new Response(nullBody(res.status) ? null : new Uint8Array(res.body), {
      status: res.status,
      headers: res.headers,
    });
  };
}

/** Statuses a Response may not have a body with. */
function nullBody(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name);
}
