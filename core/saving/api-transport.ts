import { CSRF_HEADER } from "../sessions/csrf";
import type { LoadResult, PageDocument, PageRef, SaveResult, SaveTransport } from "./transport";

/**
 * The save loop's transport over the public API: a save is one content batch
 * (`POST …/change-requests/{id}/content?compat=false`) holding an `update_page` that names its
 * `baseDocumentId` (docs/compatibility.md, "The editor's saves"); the server's version is read
 * as the tree's `documentId` (`?bodies=false`) and the page read's document.
 */
interface ApiTransportOptions {
  /** The API's `/v1` root: `"/v1"` in the app (its origin proxies the API), or an absolute URL. */
  apiRoot: string;
  /** The fetch to use (the platform's by default). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** The session's CSRF token (the app's `<meta name="quire-csrf">`), sent on every write. */
  csrfToken?: () => string | null;
  /** Other headers (an API token's `Authorization` for clients without a session). */
  headers?: Record<string, string>;
}

/** How many times a read retries when the page's document changed while it was being read. */
const READ_ATTEMPTS = 3;

/** A failed request's outcome, shared by saves and reads. */
type Unanswered = Exclude<LoadResult, { kind: "loaded" }>;

/** A refused request's outcome: a save's answers other than "saved". */
type Refusal = Exclude<SaveResult, { kind: "saved" }>;

/** The API transport (`SaveTransport`) of `options`. */
export function apiTransport(options: ApiTransportOptions): SaveTransport {
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const request = async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Response | Refusal> => {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const csrf = method === "GET" ? null : (options.csrfToken?.() ?? null);
    if (csrf) headers[CSRF_HEADER] = csrf;
    try {
      const res = await fetcher(`${options.apiRoot}${path}`, {
        method,
        headers,
        credentials: "same-origin",
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return res.ok ? res : await unanswered(res);
    } catch {
      return { kind: "offline", reason: "network" };
    }
  };
  return {
    async save(page, baseDocumentId, document) {
      // The batch's document input is `{ document }` (or `{ markdown }`), as GitBook's.
      const change = {
        operation: "update_page",
        page: page.pageId,
        baseDocumentId,
        document: { document },
      };
      const res = await request("POST", `${contentPath(page)}?compat=false`, {
        changes: [change],
      });
      if (!(res instanceof Response)) return res;
      const answer = (await res.json().catch(() => null)) as {
        changes?: { page?: { documentId?: string } }[];
      } | null;
      const documentId = answer?.changes?.[0]?.page?.documentId;
      if (typeof documentId === "string") return { kind: "saved", documentId };
      return { kind: "failed", status: res.status, message: "The API's answer named no document." };
    },
    async load(page) {
      for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
        const before = await documentIdOf(request, page);
        if (typeof before === "object" && before !== null) return before;
        const res = await request("GET", `${contentPath(page)}/page/${enc(page.pageId)}`);
        if (!(res instanceof Response)) return asReadResult(res);
        const read = (await res.json()) as { document?: PageDocument };
        const document = read.document ?? {};
        // The id read again: the pair is consistent only if no save landed in between.
        const after = await documentIdOf(request, page);
        if (typeof after === "object" && after !== null) return after;
        if (after === before) return { kind: "loaded", documentId: after, document };
      }
      return { kind: "offline", reason: "the page kept changing" };
    },
  };
}

/** The page's `documentId` in the change request's tree (null: none), or why it was not read. */
async function documentIdOf(
  request: (method: string, path: string) => Promise<Response | Refusal>,
  page: PageRef,
): Promise<string | null | Unanswered> {
  const res = await request("GET", `${contentPath(page)}?bodies=false`);
  if (!(res instanceof Response)) return asReadResult(res);
  const tree = (await res.json()) as { pages?: TreePage[] };
  const found = findPage(tree.pages ?? [], page.pageId);
  if (!found)
    return { kind: "failed", status: 404, message: "The page is not in the change request." };
  return found.documentId ?? null;
}

/** A page of a tree read, as far as the transport looks. */
interface TreePage {
  id: string;
  documentId?: string;
  pages?: TreePage[];
}

/** The page `id` anywhere in `pages`. */
function findPage(pages: TreePage[], id: string): TreePage | undefined {
  for (const page of pages) {
    if (page.id === id) return page;
    const inside = findPage(page.pages ?? [], id);
    if (inside) return inside;
  }
  return undefined;
}

/**
 * A refused answer's outcome: 401 signed out; 408, 429 and 5xx offline (retried); a 409 on the
 * base a conflict (other 409s, like 400, 403 and 404, are refusals with the API's message).
 */
async function unanswered(res: Response): Promise<Refusal> {
  const message = await errorMessage(res);
  if (res.status === 401) return { kind: "signedOut" };
  if (res.status === 408 || res.status === 429 || res.status >= 500) {
    return { kind: "offline", reason: String(res.status) };
  }
  if (res.status === 409 && message.includes("baseDocumentId")) return { kind: "conflict" };
  return { kind: "failed", status: res.status, message };
}

/** The API's `{"error":{"message"}}`, or the status line. */
async function errorMessage(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  return typeof message === "string" ? message : `The API answered ${res.status}.`;
}

/** A read's view of a refusal (a read is never a conflict on a base). */
function asReadResult(result: Refusal): Unanswered {
  if (result.kind !== "conflict") return result;
  return { kind: "failed", status: 409, message: "The API answered 409." };
}

/** The change request's content root. */
function contentPath(page: PageRef): string {
  return `/spaces/${enc(page.spaceId)}/change-requests/${enc(page.changeRequestId)}/content`;
}

const enc = encodeURIComponent;
