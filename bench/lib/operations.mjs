// The measured operations, as data: adding one is adding an entry. `routes` lists the
// [method, path] pairs (as declared in createRoute) the operation needs; one whose routes are not
// in the app's /v1/openapi.json is reported "not available yet", never faked.
//
// kinds: "load"  — GET under autocannon; `path(ctx, prep)` is the URL path, `prepare(ctx)` runs
//                  once before (its value is `prep`), `note(samples, prep)` adds a remark.
//        "write" — timed sequential iterations; `iterate(ctx, prep, i)` returns its steps.
//        "job"   — a scheduled job; `run(ctx)` returns the figures.
import { changeRequestMerge, CR_ROUTES, indexForSearch } from "./changes.mjs";
import { DATA } from "./config.mjs";
import { timedFetch } from "./measure.mjs";
import { runPurge } from "./purge.mjs";

const hits = (s) =>
  s.last.json?.items ? `${s.last.json.items.length} items, count ${s.last.json.count}` : "";

/** Follows one page of the org's space list to get the cursor at row 1,000 (a deep page). */
async function deepCursor(ctx) {
  const first = await ctx.get(`/v1/orgs/${ctx.seed.org}/spaces?limit=1000`, "member");
  const cursor = first.json?.next?.page;
  if (!cursor) throw new Error(`no next page after 1,000 rows (status ${first.status})`);
  return { cursor };
}

/** Every operation, in table order. */
export const OPERATIONS = [
  {
    id: "ceiling-runtime",
    title: "Ceiling: constant JSON Worker",
    kind: "load",
    worker: "constant",
    path: () => "/",
  },
  {
    id: "ceiling-d1",
    title: "Ceiling: one D1 point read (token by digest)",
    kind: "load",
    worker: "pointRead",
    as: "member",
    path: () => "/",
  },
  {
    id: "space-get",
    title: "GET /v1/spaces/{id}",
    kind: "load",
    as: "member",
    routes: [["get", "/spaces/{spaceId}"]],
    path: (ctx) => `/v1/spaces/${ctx.seed.listSpaceIds[500]}`,
  },
  {
    id: "space-get-session",
    title: "GET /v1/spaces/{id} with the member's session cookie",
    kind: "load",
    routes: [
      ["get", "/spaces/{spaceId}"],
      ["get", "/session"],
    ],
    path: (ctx) => `/v1/spaces/${ctx.seed.listSpaceIds[500]}`,
    request: (ctx) => ({ headers: { cookie: `quire_session=${ctx.seed.sessions.member}` } }),
  },
  {
    id: "org-spaces-first",
    title: "GET /v1/orgs/{id}/spaces, first page (limit 50)",
    kind: "load",
    as: "member",
    list: 50,
    routes: [["get", "/orgs/{organizationId}/spaces"]],
    path: (ctx) => `/v1/orgs/${ctx.seed.org}/spaces?limit=50`,
    note: hits,
  },
  {
    id: "org-spaces-deep",
    title: "GET /v1/orgs/{id}/spaces, page at row 1,000 (limit 50)",
    kind: "load",
    as: "member",
    list: 50,
    routes: [["get", "/orgs/{organizationId}/spaces"]],
    prepare: deepCursor,
    note: hits,
    path: (ctx, p) =>
      `/v1/orgs/${ctx.seed.org}/spaces?limit=50&page=${encodeURIComponent(p.cursor)}`,
  },
  {
    id: "page-document",
    title: "GET page as Document (1,000-page space)",
    kind: "load",
    as: "member",
    routes: [["get", "/spaces/{spaceId}/content/page/{pageId}"]],
    path: (ctx) => pagePath(ctx, 1000, "document"),
  },
  {
    id: "page-markdown",
    title: "GET page as markdown (1,000-page space)",
    kind: "load",
    as: "member",
    routes: [["get", "/spaces/{spaceId}/content/page/{pageId}"]],
    path: (ctx) => pagePath(ctx, 1000, "markdown"),
  },
  {
    id: "page-markdown-10000",
    title: "GET page as markdown (10,000-page space)",
    kind: "load",
    as: "member",
    routes: [["get", "/spaces/{spaceId}/content/page/{pageId}"]],
    path: (ctx) => pagePath(ctx, 10000, "markdown"),
  },
  // Equal answers: every size answers 10 items (the 100-page space has 10 matching pages), so
  // the 100 vs 10,000 comparison measures the index size, not the answer size.
  ...[100, 1000, 10000].map((size) => ({
    id: `search-${size}`,
    title: `GET space search, ${size.toLocaleString("en")} pages (limit 10)`,
    kind: "load",
    as: "member",
    routes: [["get", "/spaces/{spaceId}/search"]],
    prepare: indexForSearch(size),
    note: (s, prep) => `${hits(s)}; index built by a merge in ${prep.indexSeconds.toFixed(1)} s`,
    path: (ctx) =>
      `/v1/spaces/${ctx.seed.content[size].id}/search?query=${DATA.searchTerm}&limit=10`,
  })),
  {
    id: "search-10000-50",
    title: "GET space search, 10,000 pages, first page (limit 50)",
    kind: "load",
    as: "member",
    routes: [["get", "/spaces/{spaceId}/search"]],
    prepare: indexForSearch(10000),
    note: hits,
    path: (ctx) =>
      `/v1/spaces/${ctx.seed.content[10000].id}/search?query=${DATA.searchTerm}&limit=50`,
  },
  {
    id: "search-10000-deep",
    title: "GET space search, 10,000 pages, page at result 500 (limit 50)",
    kind: "load",
    as: "member",
    routes: [["get", "/spaces/{spaceId}/search"]],
    prepare: async (ctx) => {
      await indexForSearch(10000)(ctx);
      const base = `/v1/spaces/${ctx.seed.content[10000].id}/search?query=${DATA.searchTerm}&limit=50`;
      return { cursor: await cursorAt(ctx, base, 10) };
    },
    note: hits,
    path: (ctx, p) =>
      `/v1/spaces/${ctx.seed.content[10000].id}/search?query=${DATA.searchTerm}&limit=50&page=${encodeURIComponent(p.cursor)}`,
  },
  {
    id: "org-search",
    title: "GET organization search (limit 10)",
    kind: "load",
    as: "member",
    routes: [["get", "/orgs/{organizationId}/search"]],
    prepare: async (ctx) => {
      for (const size of [100, 1000, 10000]) await indexForSearch(size)(ctx);
      return {};
    },
    note: hits,
    path: (ctx) => `/v1/orgs/${ctx.seed.org}/search?query=${DATA.searchTerm}&limit=10`,
  },
  ...[10, 5000].map((size) => ({
    id: `cr-merge-${size}`,
    title: `Change request + 1-page batch + merge, ${size.toLocaleString("en")}-page space`,
    kind: "write",
    routes: CR_ROUTES,
    iterate: changeRequestMerge(size),
  })),
  {
    id: "comments-list",
    title: `GET /v1/spaces/{id}/comments (${DATA.comments} comments, limit 50)`,
    kind: "load",
    as: "member",
    routes: [
      ["get", "/spaces/{spaceId}/comments"],
      ["post", "/spaces/{spaceId}/comments"],
    ],
    list: 50,
    prepare: makeComments,
    note: hits,
    path: (ctx) => `/v1/spaces/${ctx.seed.content[100].id}/comments?limit=50`,
  },
  {
    id: "published-site",
    title: "GET published site",
    kind: "load",
    as: "member",
    routes: [
      ["get", "/orgs/{organizationId}/sites/{siteId}/published"],
      ["post", "/orgs/{organizationId}/sites"],
    ],
    prepare: makeSite,
    path: (ctx, p) => `/v1/orgs/${ctx.seed.org}/sites/${p.siteId}/published`,
  },
  {
    id: "resolve-url",
    title: "POST /v1/urls/published (anonymous; mints a site token)",
    kind: "load",
    routes: [
      ["post", "/urls/published"],
      ["post", "/orgs/{organizationId}/sites"],
    ],
    prepare: readerSite,
    path: () => "/v1/urls/published",
    request: (ctx, p) => ({ method: "POST", body: { url: p.pageUrl } }),
  },
  {
    id: "site-token-document",
    title: "GET page document in a revision with a site token (1,000-page space)",
    kind: "load",
    routes: [
      ["post", "/urls/published"],
      ["get", "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document"],
    ],
    prepare: readerSite,
    path: (ctx, p) => `/v1/spaces/${p.spaceId}/revisions/${p.revisionId}/page/${p.pageId}/document`,
    request: (ctx, p) => ({ headers: { authorization: `Bearer ${p.token}` } }),
  },
  {
    id: "site-token-revalidate",
    title: "The same document revalidated with its ETag (304 after the grant check alone)",
    kind: "load",
    routes: [
      ["post", "/urls/published"],
      ["get", "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document"],
    ],
    status: 304,
    prepare: async (ctx) => {
      const p = await readerSite(ctx);
      const path = `/v1/spaces/${p.spaceId}/revisions/${p.revisionId}/page/${p.pageId}/document`;
      const res = await fetch(ctx.urls.app + path, {
        headers: { authorization: `Bearer ${p.token}` },
      });
      await res.arrayBuffer();
      const etag = res.headers.get("etag");
      if (!etag) throw new Error(`no ETag on ${path} (${res.status})`);
      return { ...p, etag };
    },
    path: (ctx, p) => `/v1/spaces/${p.spaceId}/revisions/${p.revisionId}/page/${p.pageId}/document`,
    request: (ctx, p) => ({
      headers: { authorization: `Bearer ${p.token}`, "if-none-match": p.etag },
    }),
  },
  {
    id: "purge-1000",
    title: `Retention purge of ${DATA.deletedSpaces.toLocaleString("en")} deleted spaces`,
    kind: "job",
    run: runPurge,
  },
];

/** The cursor of the page after `pages` pages of a list at `base` (a deep page). */
async function cursorAt(ctx, base, pages) {
  let cursor;
  for (let i = 0; i < pages; i++) {
    const r = await ctx.get(cursor ? `${base}&page=${encodeURIComponent(cursor)}` : base, "member");
    cursor = r.json?.next?.page;
    if (!cursor) throw new Error(`no page after ${i + 1} pages (status ${r.status})`);
  }
  return cursor;
}

function pagePath(ctx, size, format) {
  const space = ctx.seed.content[size];
  return `/v1/spaces/${space.id}/content/page/${space.samplePage}?format=${format}`;
}

/** The comments the list shows, made through the API (the only way the bench knows their shape). */
async function makeComments(ctx) {
  const spaceId = ctx.seed.content[100].id;
  for (let i = 0; i < DATA.comments; i++) {
    const r = await ctx.send(
      "POST",
      `/v1/spaces/${spaceId}/comments`,
      { body: { markdown: `Bench comment ${i + 1}` } },
      "admin",
    );
    if (r.status >= 300)
      throw new Error(`creating a comment answered ${r.status}: ${r.text.slice(0, 200)}`);
  }
  return {};
}

/** A public site with the 1,000-page space, made through the API. */
async function makeSite(ctx) {
  const base = `/v1/orgs/${ctx.seed.org}/sites`;
  const body = { title: "Bench site", visibility: "public", spaces: [ctx.seed.content[1000].id] };
  const site = await ctx.send("POST", base, body, "admin");
  if (site.status >= 300) throw new Error(`creating a site answered ${site.status}: ${site.text}`);
  if (ctx.has("post", "/orgs/{organizationId}/sites/{siteId}/publish")) {
    const published = await ctx.send("POST", `${base}/${site.json.id}/publish`, undefined, "admin");
    if (published.status >= 300) throw new Error(`publishing answered ${published.status}`);
  }
  return { siteId: site.json.id };
}

/**
 * A published public site over the 1,000-page space (made once), the URL of one of its pages,
 * and a site token resolved for it: what a renderer starts from.
 */
let reader;
async function readerSite(ctx) {
  reader ??= (async () => {
    const { siteId } = await makeSite(ctx);
    const space = ctx.seed.content[1000];
    const head = await ctx.get(`/v1/spaces/${space.id}`, "member");
    const pageId = space.samplePage;
    const page = await ctx.get(`/v1/spaces/${space.id}/content/page/${pageId}`, "member");
    const pageUrl = `http://127.0.0.1/app/sites/${siteId}/${page.json.path}`;
    const resolved = await ctx.send("POST", "/v1/urls/published", { url: pageUrl });
    if (resolved.status !== 200) {
      throw new Error(`resolving ${pageUrl} answered ${resolved.status}: ${resolved.text}`);
    }
    return {
      siteId,
      pageUrl,
      spaceId: space.id,
      revisionId: head.json.revision,
      pageId,
      token: resolved.json.apiToken,
    };
  })();
  return reader;
}

/** The request context operations use: authenticated GET/POST against the app. */
export function makeContext(runtime, seed, routes, deadline) {
  const { urls, db, mf, log } = runtime;
  const auth = (as) => (as ? { authorization: `Bearer ${seed.tokens[as]}` } : {});
  return {
    urls,
    seed,
    db,
    mf,
    log,
    auth,
    deadline,
    has: (method, path) => routes.has(`${method} /v1${path}`),
    get: (path, as) => timedFetch(urls.app + path, { headers: auth(as) }),
    send: (method, path, body, as) =>
      timedFetch(urls.app + path, { method, headers: auth(as), body }),
  };
}
