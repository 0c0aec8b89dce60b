import { eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import { siteAuth, spaces } from "../../src/db/schema";
import { as, call } from "../helpers/api";
import { testDb } from "../helpers/factories";
import { makeShareLink, siteKey, unsignedToken, visitorToken } from "../helpers/sites-factories";
import { publishedDocs, resolveUrl, siteUrl, siteTokenFor } from "../helpers/reading-factories";
import { readerFetch } from "../reader/helpers";
import { commitIndexed } from "../search/fixtures";
import { commitChanges, matrixContent } from "../helpers/content-factories";
import { authorizationMatrix } from "../helpers/authz";
import { emptyStorage } from "../helpers/storage";

describe("audiences", () => {
  type Docs = Awaited<ReturnType<typeof publishedDocs>>;

  /**
   * Every read a site token grants, as [name, path] for one published site: each must answer 200
   * with the site's own token and exactly what a nonexistent id answers with another site's.
   */
  function reads(d: Docs, revisionId: string): [string, string][] {
    const page = d.pages.get("Install")!.pageId;
    const rev = `/spaces/${d.space.id}/revisions/${revisionId}`;
    return [
      ["published site", `/orgs/${d.org.id}/sites/${d.site.id}/published`],
      ["space", `/spaces/${d.space.id}`],
      ["main content", `/spaces/${d.space.id}/content`],
      ["pages", `/spaces/${d.space.id}/content/pages`],
      ["page by id", `/spaces/${d.space.id}/content/page/${page}`],
      ["revision", rev],
      ["revision pages", `${rev}/pages`],
      ["page in revision", `${rev}/page/${page}`],
      ["page document", `${rev}/page/${page}/document`],
      ["page by path", `${rev}/path/${encodeURIComponent("introduction/install")}`],
      ["files", `${rev}/files`],
      ["file", `${rev}/files/${d.file.fileId}`],
      ["author", `/users/${d.owner.user.id}`],
    ];
  }

  /** Resolves the site's root URL with `extra` and reads every operation with the token. */
  async function readsWith(d: Docs, url: string, extra: Record<string, unknown> = {}) {
    const resolved = await resolveUrl(url, extra);
    expect(resolved.status, resolved.text).toBe(200);
    const token = resolved.body.apiToken as string;
    const space = await as(token).get(`/spaces/${d.space.id}`);
    for (const [name, path] of reads(d, space.body.revision)) {
      const res = await as(token).get(path);
      expect(res.status, `${name}: ${res.text}`).toBe(200);
    }
    return { token, resolved: resolved.body };
  }

  describe("who reads published content, by the site's visibility", () => {
    it("public and unlisted: anyone", async () => {
      for (const visibility of ["public", "unlisted"] as const) {
        const d = await publishedDocs({ visibility });
        await readsWith(d, siteUrl(d.site.id));
      }
    });

    it("share-link: an active key, in the query or as the first path segment", async () => {
      const d = await publishedDocs({ visibility: "share-link" });
      const link = await makeShareLink(d.site.id);
      const inactive = await makeShareLink(d.site.id, { active: false });
      const { resolved } = await readsWith(d, `${siteUrl(d.site.id)}?share=${link.key}`);
      expect(resolved.shareKey).toBe(link.key);
      const path = await readsWith(d, siteUrl(d.site.id, `${link.key}/introduction`));
      expect(path.resolved).toMatchObject({
        pathname: "introduction",
        basePath: `/sites/${d.site.id}/${link.key}/`,
      });
      const missing = await resolveUrl(siteUrl(d.site.id));
      const stale = await resolveUrl(`${siteUrl(d.site.id)}?share=${inactive.key}`);
      const unknown = await resolveUrl(siteUrl("nope"));
      for (const res of [missing, stale]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(unknown.body);
      }
    });

    it("share-link: deactivating the key ends the tokens minted with it", async () => {
      const d = await publishedDocs({ visibility: "share-link" });
      const link = await makeShareLink(d.site.id);
      const { token } = await readsWith(d, `${siteUrl(d.site.id)}?share=${link.key}`);
      const base = `/orgs/${d.org.id}/sites/${d.site.id}`;
      const off = await as(d.owner.token).patch(`${base}/share-links/${link.id}`, {
        active: false,
      });
      expect(off.status).toBe(200);
      expect((await as(token).get(`/spaces/${d.space.id}/content`)).status).toBe(404);
    });

    it("visitor-auth: a valid visitor JWT; expired, forged and alg-none ones are refused", async () => {
      const d = await publishedDocs({ visibility: "visitor-auth" });
      const key = await siteKey(d.site.id);
      const good = await visitorToken(key, { plan: "pro" });
      const { token } = await readsWith(d, siteUrl(d.site.id), { visitor: { jwtToken: good } });
      expect(
        JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).claims,
      ).toMatchObject({ plan: "pro" });
      await readsWith(d, `${siteUrl(d.site.id)}?jwt_token=${good}`);
      const refused = [
        await visitorToken(key, {}, { exp: Math.floor(Date.now() / 1000) - 60 }),
        await visitorToken("another-key-entirely-another-key", {}),
        unsignedToken({ plan: "pro" }),
      ];
      const unknown = await resolveUrl(siteUrl("nope"));
      for (const jwtToken of [...refused, undefined]) {
        const res = await resolveUrl(siteUrl(d.site.id), jwtToken ? { visitor: { jwtToken } } : {});
        expect(res.status).toBe(404);
        expect(res.body).toEqual(unknown.body);
      }
      // With a login URL, a visitor without a valid token is sent there, the path kept.
      await testDb()
        .update(siteAuth)
        .set({ fallbackUrl: "https://login.example.com/start" })
        .where(eq(siteAuth.siteId, d.site.id));
      const redirect = await resolveUrl(siteUrl(d.site.id, "introduction"), {
        visitor: { jwtToken: refused[0] },
      });
      expect(redirect.status).toBe(200);
      expect(redirect.body).toEqual({
        target: "application",
        redirect: "https://login.example.com/start?location=%2Fintroduction",
      });
    });

    it("unpublished sites and deleted spaces read as nothing", async () => {
      const d = await publishedDocs({ published: false });
      expect((await resolveUrl(siteUrl(d.site.id))).status).toBe(404);
      const live = await publishedDocs();
      const token = (await resolveUrl(siteUrl(live.site.id))).body.apiToken;
      await testDb()
        .update(spaces)
        .set({ deletedAt: new Date().toISOString() })
        .where(eq(spaces.id, live.space.id));
      expect((await as(token).get(`/spaces/${live.space.id}/content`)).status).toBe(404);
      expect((await resolveUrl(siteUrl(live.site.id))).status).toBe(404);
    });

    it("another site's token reads nothing here, exactly as absence", async () => {
      const d = await publishedDocs();
      const other = await publishedDocs();
      const foreign = (await resolveUrl(siteUrl(other.site.id))).body.apiToken;
      const space = await as(d.owner.token).get(`/spaces/${d.space.id}`);
      for (const [name, path] of reads(d, space.body.revision)) {
        const res = await as(foreign).get(path);
        expect(res.status, name).toBe(404);
        const absent = await as(foreign).get(
          path.replaceAll(d.space.id, "nope").replaceAll(d.site.id, "nope"),
        );
        if (name !== "author") expect(res.body, name).toEqual(absent.body);
      }
    });

    it("every write with a site token is refused before its body is read", async () => {
      const d = await publishedDocs();
      const token = (await resolveUrl(siteUrl(d.site.id))).body.apiToken;
      const writes: [string, string][] = [
        ["POST", `/orgs/${d.org.id}/spaces`],
        ["PATCH", `/spaces/${d.space.id}`],
        ["DELETE", `/spaces/${d.space.id}`],
        ["POST", `/spaces/${d.space.id}/change-requests`],
        ["POST", `/orgs/${d.org.id}/sites/${d.site.id}/unpublish`],
        ["POST", `/spaces/${d.space.id}/content/import`],
      ];
      for (const [method, path] of writes) {
        const res = await call(method, path, { token, rawBody: "{not json" });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      expect((await as(d.owner.token).get(`/spaces/${d.space.id}`)).body.title).toBe(d.space.title);
    });
  });
});

describe("adaptive-blocks", () => {
  beforeAll(emptyStorage);
  /** A paragraph block of `text`. */
  const paragraph = (text: string) => ({
    object: "block",
    type: "paragraph",
    nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
  });

  /** GitBook's `if` block: its blocks show to visitors whose claims satisfy `expression`. */
  const ifBlock = (expression: string, text: string) => ({
    object: "block",
    type: "if",
    data: { expression },
    nodes: [paragraph(text)],
  });

  /**
   * Issue 34, finding 6 (b): an adaptive site whose "Guide" page holds an `if` block for admins
   * (nested in another for good measure) and one that holds for every visitor.
   */
  async function docsWithIfBlocks() {
    const d = await publishedDocs({ adaptive: true });
    const guide = d.pages.get("Guide")!.pageId;
    const document = {
      object: "document",
      data: {},
      nodes: [
        paragraph("Everyone reads this."),
        ifBlock("visitor.claims.admin", "Admins only: the vault code."),
        {
          ...ifBlock("!visitor.claims.admin", "Shown to visitors who are not admins."),
          nodes: [
            paragraph("Shown to visitors who are not admins."),
            ifBlock("visitor.claims.admin === true", "Nested secret."),
          ],
        },
      ],
    };
    const merged = await commitIndexed(d.space.id, d.owner, [
      { operation: "update_page", page: guide, document: { document } },
    ]);
    const token = await siteTokenFor(siteUrl(d.site.id));
    const space = `/spaces/${d.space.id}`;
    return { ...d, guide, token, space, rev: `${space}/revisions/${merged.revision}` };
  }

  const SECRETS = ["vault code", "Nested secret"];

  describe("`if` blocks for a site visitor (issue 34, finding 6b)", () => {
    it("leaves the failing blocks out of the API's document and markdown", async () => {
      const d = await docsWithIfBlocks();
      const reads = [
        `${d.space}/content/page/${d.guide}`,
        `${d.space}/content/page/${d.guide}?format=markdown`,
        `${d.space}/content/path/guide?format=markdown`,
        `${d.space}/content/pages`,
        `${d.rev}/page/${d.guide}/document`,
        `${d.rev}/page/${d.guide}?format=markdown`,
        `${d.rev}/pages`,
      ];
      for (const path of reads) {
        const res = await as(d.token).get(path);
        expect(res.status, path).toBe(200);
        for (const secret of SECRETS) expect(res.text, path).not.toContain(secret);
        expect(res.text, path).toContain("Everyone reads this.");
        expect(res.text, path).toContain("Shown to visitors who are not admins.");
      }
      // A member reads the whole document.
      const owner = await as(d.owner.token).get(
        `${d.space}/content/page/${d.guide}?format=markdown`,
      );
      for (const secret of SECRETS) expect(owner.text).toContain(secret);
    });

    it("leaves them out of the reader's page, its markdown twin and llms-full.txt", async () => {
      const d = await docsWithIfBlocks();
      for (const path of ["guide", "guide.md", "llms-full.txt"]) {
        const res = await readerFetch(siteUrl(d.site.id, path));
        expect(res.status, path).toBe(200);
        expect(res.text, path).toContain("Everyone reads this.");
        for (const secret of SECRETS) expect(res.text, path).not.toContain(secret);
      }
    });

    it("does not find a page by the text of an `if` block through site search", async () => {
      const d = await docsWithIfBlocks();
      const search = (token: string, query: string) =>
        as(token).post(`/orgs/${d.org.id}/sites/${d.site.id}/search`, { query, mode: "all" });
      const hidden = await search(d.token, "vault");
      expect(hidden.status, hidden.text).toBe(200);
      expect(hidden.text).not.toContain("vault");
      expect(hidden.text).not.toContain(d.guide);
      expect((await search(d.owner.token, "vault")).text).toContain(d.guide);
    });
  });
});

describe("adaptive-pages", () => {
  beforeAll(emptyStorage);
  /**
   * Issue 34, finding 6 (a): on an adaptive site, a page whose condition fails for the visitor
   * hides its whole subtree. "Introduction" is gated on `visitor.claims.admin`; its child
   * "Install" has no condition of its own, and is edited in the revision read, so the revision's
   * changes would name it.
   */
  async function gatedDocs() {
    const d = await publishedDocs({ adaptive: true });
    const intro = d.pages.get("Introduction")!.pageId;
    const install = d.pages.get("Install")!.pageId;
    const merged = await commitChanges(d.space.id, d.owner.user.id, [
      { operation: "update_page", page: intro, condition: "visitor.claims.admin" },
      { operation: "update_page", page: install, title: "Install secretly" },
    ]);
    const token = await siteTokenFor(siteUrl(d.site.id));
    const space = `/spaces/${d.space.id}`;
    const rev = `${space}/revisions/${merged.revision}`;
    return { ...d, intro, install, token, space, rev };
  }

  /** Every read of a page by id or path, at main's head and at a revision. */
  function pageReads(g: Awaited<ReturnType<typeof gatedDocs>>) {
    return [
      `${g.space}/content/page/${g.install}`,
      `${g.space}/content/page/${g.install}?format=markdown`,
      `${g.space}/content/page/${g.install}/meta-links`,
      `${g.space}/content/path/introduction%2Finstall`,
      `${g.space}/content/path/introduction%2Finstall?format=markdown`,
      `${g.rev}/page/${g.install}`,
      `${g.rev}/page/${g.install}?format=markdown`,
      `${g.rev}/page/${g.install}/document`,
      `${g.rev}/path/introduction%2Finstall`,
    ];
  }

  describe("adaptive pages under a hidden ancestor (issue 34, finding 6a)", () => {
    it("answers 404 for a gated page's child by id, path, markdown and revision", async () => {
      const g = await gatedDocs();
      for (const path of pageReads(g)) {
        const res = await as(g.token).get(path);
        expect(res.status, `${path}: ${res.text}`).toBe(404);
        expect(res.text).not.toContain("Install");
      }
      // The owner reads it.
      for (const path of pageReads(g)) {
        expect((await as(g.owner.token).get(path)).status, path).toBe(200);
      }
    });

    it("leaves the gated subtree out of the tree and of the revision's changes", async () => {
      const g = await gatedDocs();
      for (const path of [`${g.space}/content`, `${g.space}/content/pages`, `${g.rev}/pages`]) {
        const res = await as(g.token).get(path);
        expect(res.status, path).toBe(200);
        expect(res.text, path).not.toContain(g.install);
        expect(res.text, path).not.toContain(g.intro);
      }
      const changes = await as(g.token).get(`${g.rev}/changes`);
      expect(changes.status, changes.text).toBe(200);
      expect(changes.body.changes).toEqual([]);
      const owner = await as(g.owner.token).get(`${g.rev}/changes`);
      expect(owner.body.changes.map((c: { page: { id: string } }) => c.page.id)).toEqual([
        g.install,
      ]);
    });
  });
});

describe("space-reads-authz", () => {
  beforeAll(emptyStorage);
  type State = Awaited<ReturnType<typeof matrixContent>>;

  /**
   * The space-level reads GitBook's renderer makes (meta-links, reusable contents, embeds,
   * semantic changes): each needs space:read and any role that sees the space (the guest is
   * granted read); an outsider and another site's token get the 404 of a space that never
   * existed. Reusable contents succeed as their honest 404 (Quire stores none).
   */
  const READS: [name: string, path: (s: State, spaceId: string) => string, success: number][] = [
    [
      "/spaces/{spaceId}/content/page/{pageId}/meta-links",
      (s, id) => `/spaces/${id}/content/page/${s.pageId}/meta-links`,
      200,
    ],
    [
      "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links",
      (s, id) =>
        `/spaces/${id}/change-requests/${s.changeRequest.id}/content/page/${s.pageId}/meta-links`,
      200,
    ],
    [
      "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links",
      (s, id) => `/spaces/${id}/revisions/${s.space.revisionId}/page/${s.pageId}/meta-links`,
      200,
    ],
    [
      "/spaces/{spaceId}/content/reusable-contents/{reusableContentId}",
      (_s, id) => `/spaces/${id}/content/reusable-contents/rc`,
      404,
    ],
    [
      "/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}",
      (s, id) => `/spaces/${id}/change-requests/${s.changeRequest.id}/content/reusable-contents/rc`,
      404,
    ],
    [
      "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}",
      (s, id) => `/spaces/${id}/revisions/${s.space.revisionId}/reusable-contents/rc`,
      404,
    ],
    [
      "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document",
      (s, id) => `/spaces/${id}/revisions/${s.space.revisionId}/reusable-contents/rc/document`,
      404,
    ],
    [
      "/spaces/{spaceId}/embed",
      (_s, id) =>
        `/spaces/${id}/embed?url=${encodeURIComponent("https://embeds.example.com/plain")}`,
      200,
    ],
    [
      "/spaces/{spaceId}/revisions/{revisionId}/changes",
      (s, id) => `/spaces/${id}/revisions/${s.space.revisionId}/changes`,
      200,
    ],
    [
      "/spaces/{spaceId}/change-requests/{changeRequestId}/changes",
      (s, id) => `/spaces/${id}/change-requests/${s.changeRequest.id}/changes`,
      200,
    ],
  ];

  for (const [name, path, success] of READS) {
    authorizationMatrix<State>(`GET /v1${name}`, {
      setup: (world) => matrixContent(world),
      request: (_w, s) => ({ method: "GET", path: path(s, s.space.id) }),
      missing: (_w, s) => ({ method: "GET", path: path(s, "neverexisted") }),
      minimumRole: "guest",
      scope: "space:read",
      success,
    });
  }
});
