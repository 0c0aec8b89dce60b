import { Memory } from "./memory";
import { encodedAnswer, type RenderedPage } from "./pages";

/**
 * The pages readers viewed in the last seconds, by the exact address and credentials they were
 * asked with: a repeat view within that time is answered from here without resolving the URL
 * again, exactly as the resolution kept for those seconds would have answered it. A view with
 * credentials in its query (a share key or a visitor token to keep in a cookie) never is.
 */

/** One kept answer: the page and the headers it was sent with. */
interface RecentView {
  page: RenderedPage;
  headers: Record<string, string>;
}

const views = new Memory<RecentView>(5000);

/** The value of one cookie of the request (raw). */
function cookieValue(header: string, name: string): string {
  const at = header.indexOf(`${name}=`);
  if (at === -1) return "";
  const end = header.indexOf(";", at);
  return header.slice(at, end === -1 ? undefined : end);
}

/** The key of a view: the address (with its query) and the site credentials in its cookies. */
function viewKey(request: Request, cookies: readonly string[]): string | null {
  const url = request.url;
  if (url.includes("share=") || url.includes("jwt_token=")) return null;
  const header = request.headers.get("Cookie") ?? "";
  return `${url}\n${cookies.map((name) => cookieValue(header, name)).join("\n")}`;
}

/** Keeps the answer of a full page view for `ttlMs`. */
export function keepView(
  request: Request,
  cookies: readonly string[],
  view: RecentView,
  ttlMs: number,
): void {
  const key = viewKey(request, cookies);
  if (key) views.set(key, view, ttlMs);
}

/** The answer of a recent identical view (a 304 when the reader already has it), or null. */
export function recentView(
  request: Request,
  cookies: readonly string[],
  respond: (
    body: Uint8Array<ArrayBuffer> | null,
    headers: Record<string, string>,
    encodeBody?: "manual",
  ) => Response,
): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const key = viewKey(request, cookies);
  const view = key ? views.get(key) : undefined;
  if (!view) return null;
  const etag = view.page.etag;
  if (request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers: { ETag: etag, ...view.headers } });
  }
  const answer = encodedAnswer(request, view.page);
  return respond(
    request.method === "HEAD" ? null : answer.body,
    { ETag: etag, ...view.headers, ...answer.headers },
    answer.encodeBody,
  );
}
