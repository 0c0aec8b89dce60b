import { readerMemory } from "./memory";
import type { RenderedPage } from "./pages";
import { answersNotModified } from "../../../core/requests/conditional";

/**
 * The pages readers viewed in the last seconds, by the exact address and credentials they were
 * asked with: a repeat view within that time is answered from here without resolving the URL
 * again, exactly as the resolution kept for those seconds would have answered it. A view with
 * credentials in its query (a share key or a visitor token to keep in a cookie) never is. Each
 * kept view holds its answers' headers ready made, so a repeat view builds nothing.
 */

/** One kept view: the page and the headers of its three answers. */
export interface RecentView {
  page: RenderedPage;
  /** Headers of the plain answer, of the gzipped one, and of a 304. */
  plain: Headers;
  gzip: Headers;
  notModified: Headers;
}

const views = readerMemory<RecentView>("recent views", 5000);

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

/** Whether a request accepts a gzipped answer. */
export function acceptsGzip(request: Request): boolean {
  return /\bgzip\b/i.test(request.headers.get("Accept-Encoding") ?? "");
}

/** Keeps the answers of a full page view for `ttlMs`. */
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
export function recentView(request: Request, cookies: readonly string[]): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const key = viewKey(request, cookies);
  const view = key ? views.get(key) : undefined;
  if (!view) return null;
  if (answersNotModified(request.headers.get("If-None-Match"), view.page.etag)) {
    return new Response(null, { status: 304, headers: view.notModified });
  }
  const head = request.method === "HEAD";
  return acceptsGzip(request)
    ? new Response(head ? null : view.page.gzip, { headers: view.gzip, encodeBody: "manual" })
    : new Response(head ? null : view.page.body, { headers: view.plain });
}
