import { env } from "cloudflare:test";
import { describe, expect, it, beforeAll } from "vitest";
import { as, call, d1Cost, workerFetch } from "../helpers/api";
import {
  proposeChanges,
  mainPagesByTitle,
  reloadChangeRequest,
  matrixContent,
  makeContentSpace,
} from "../helpers/content-factories";
import {
  downloadPdf,
  pdfWorld,
  paragraphBody,
  seedPagesWithBodies,
} from "../helpers/pdf-factories";
import { expectInOrder, pdfImageCounts, pdfOutline, pdfPages, pdfText } from "../helpers/pdf-text";
import { deleteSpacePdfs } from "../../src/pdf/store";
import { applyContentBatch } from "../../src/services/change-requests/writes";
import { crTree } from "../helpers/change-requests-factories";
import { testDb, makeOrg } from "../helpers/factories";
import { authorizationMatrix } from "../helpers/authz";
import { parseMarkdown } from "../../core/document";
import { emptyStorage } from "../helpers/storage";

describe("routes", () => {
  const crPath = (spaceId: string, cr: string | number) =>
    `/spaces/${spaceId}/change-requests/${cr}/pdf`;

  describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf", () => {
    it("renders the change request's content to a PDF whose text reads back in tree order", async () => {
      const { reader, space, cr } = await pdfWorld();
      const { url, bytes } = await downloadPdf(reader.token, crPath(space.id, cr.id));
      expect(url.origin + url.pathname).toBe("https://quire.test/v1/downloads");
      expect(url.searchParams.get("key")).toMatch(
        new RegExp(`^pdfs/${space.id}/${cr.lineId}/${cr.seq}/[0-9a-f]{32}\\.pdf$`),
      );
      expect(url.searchParams.get("name")).toBe(`handbook-change-request-${cr.number}.pdf`);
      expect(Number(url.searchParams.get("expires")) - Date.now() / 1000).toBeGreaterThan(540);
      const pages = await pdfPages(bytes);
      expectInOrder(pages[0]!, ["Handbook", `Change request #${cr.number}: edit`, "Revision "]);
      expectInOrder(await pdfText(bytes), [
        "Introduction",
        "Welcome to the handbook.",
        "Setup",
        "Install the tools.",
        "Reference",
        "Main reference text.",
        "Changelog",
        "Version 2",
        "New things arrived.",
        "\u2022faster",
        "\u2022smaller",
      ]);
      const outline = await pdfOutline(bytes);
      expect(outline.map((o) => o.title)).toEqual(["Introduction", "Reference", "Changelog"]);
      expect(outline[0]!.children.map((o) => o.title)).toEqual(["Setup"]);
      expect(outline[2]!.children.map((o) => o.title)).toEqual(["Version 2"]);
      // The change request's PNG, uploaded in its own batch, is drawn on the Changelog sheet.
      const images = await pdfImageCounts(bytes);
      expect(images[outline[2]!.page]).toBe(1);
      expect(images.reduce((a, b) => a + b, 0)).toBe(1);
    });

    it("finds the change request by number; renders a page with its subpages, or only the page", async () => {
      const { reader, space, cr } = await pdfWorld();
      const intro = (await mainPagesByTitle(space.id)).get("Introduction")!.pageId;
      const subtree = await downloadPdf(reader.token, crPath(space.id, cr.number), { page: intro });
      const text = await pdfText(subtree.bytes);
      expectInOrder(text, [
        "Page: Introduction and its subpages",
        "Introduction",
        "Welcome",
        "Setup",
      ]);
      expect(text).not.toContain("Reference");
      const only = await downloadPdf(reader.token, crPath(space.id, cr.id), {
        page: intro,
        only: "true",
      });
      const onlyText = await pdfText(only.bytes);
      expectInOrder(onlyText, ["Page: Introduction", "Introduction", "Welcome to the handbook."]);
      expect(onlyText).not.toContain("Setup");
      expect(only.url.searchParams.get("key")).not.toBe(subtree.url.searchParams.get("key"));
    });

    it("stores the PDF once per revision and selection, and renders again after a change", async () => {
      const { owner, reader, space, cr } = await pdfWorld();
      const first = await as(reader.token).get(crPath(space.id, cr.id));
      expect(d1Cost(first).roundTrips).toBe(2);
      const key = new URL(first.body.url).searchParams.get("key")!;
      const stored = await env.FILES.head(key);
      expect(stored?.httpMetadata?.contentType).toBe("application/pdf");
      const again = await as(owner.token).get(crPath(space.id, cr.id));
      expect(d1Cost(again).roundTrips).toBe(1);
      expect(new URL(again.body.url).searchParams.get("key")).toBe(key);
      expect((await env.FILES.head(key))?.uploaded.getTime()).toBe(stored?.uploaded.getTime());
      // `only` without `page` selects nothing different.
      const ignored = await as(reader.token).get(crPath(space.id, cr.id), {
        query: { only: "true" },
      });
      expect(new URL(ignored.body.url).searchParams.get("key")).toBe(key);

      await applyContentBatch(
        testDb(),
        env.FILES,
        space,
        await reloadChangeRequest(cr.id),
        owner.user.id,
        [{ operation: "insert_page", title: "Late addition", document: { markdown: "Late.\n" } }],
      );
      const after = await downloadPdf(reader.token, crPath(space.id, cr.id));
      expect(after.url.searchParams.get("key")).not.toBe(key);
      expect(await pdfText(after.bytes)).toContain("Late addition");
    });

    it("answers 404 for a page that is not in the change request, 400 for a malformed query", async () => {
      const { reader, space, cr } = await pdfWorld();
      const missing = await as(reader.token).get(crPath(space.id, cr.id), {
        query: { page: "nope" },
      });
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe("Page not found");
      const bad = await as(reader.token).get(crPath(space.id, cr.id), {
        query: { page: "not an id" },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe("query.page: must be a page id");
      const only = await as(reader.token).get(crPath(space.id, cr.id), { query: { only: "yes" } });
      expect(only.status).toBe(400);
      expect(only.body.error.message).toMatch(/^query\.only: /);
      const noCr = await as(reader.token).get(crPath(space.id, 999));
      expect(noCr.status).toBe(404);
      expect(noCr.body.error.message).toBe("Change request not found");
    });

    it("serves the PDF only through an intact, unexpired link (403 otherwise)", async () => {
      const { reader, space, cr } = await pdfWorld();
      const { url } = await downloadPdf(reader.token, crPath(space.id, cr.id));
      const query: Record<string, string> = {};
      url.searchParams.forEach((value, name) => (query[name] = value));
      const tampered = [
        { ...query, sig: query.sig!.slice(0, -2) + (query.sig!.endsWith("AA") ? "BB" : "AA") },
        { ...query, key: query.key!.replace(/[0-9a-f]{32}\.pdf$/, `${"0".repeat(32)}.pdf`) },
        { ...query, expires: String(Number(query.expires) + 3600) },
      ];
      for (const q of tampered) {
        const res = await call("GET", "/downloads", { query: q, token: null });
        expect(res.status).toBe(403);
      }
      const expired = { ...query, expires: String(Math.floor(Date.now() / 1000) - 10) };
      expect((await call("GET", "/downloads", { query: expired, token: null })).status).toBe(403);
      expect((await workerFetch(url)).status).toBe(200);
    });
  });

  describe("GET /v1/spaces/{spaceId}/pdf", () => {
    it("renders the main content, without the change request's pages", async () => {
      const { reader, space } = await pdfWorld();
      const { url, bytes } = await downloadPdf(reader.token, `/spaces/${space.id}/pdf`);
      expect(url.searchParams.get("key")).toMatch(
        new RegExp(`^pdfs/${space.id}/${space.mainLineId}/${space.mainSeq}/`),
      );
      expect(url.searchParams.get("name")).toBe("handbook.pdf");
      const text = await pdfText(bytes);
      expectInOrder(text, ["Handbook", "Introduction", "Welcome", "Setup", "Reference"]);
      expect(text).not.toContain("Changelog");
      expect(text).not.toContain("Change request #");
    });

    it("renders a page alone, and 404s a page that only a change request has", async () => {
      const { owner, reader, space } = await pdfWorld();
      const setup = (await mainPagesByTitle(space.id)).get("Setup")!.pageId;
      const { bytes } = await downloadPdf(reader.token, `/spaces/${space.id}/pdf`, { page: setup });
      const pages = await pdfPages(bytes);
      expect(pages).toHaveLength(2);
      expectInOrder(pages[1]!, ["Setup", "Install the tools."]);
      const draft = await proposeChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: "Draft only", document: {} },
      ]);
      const tree = await crTree(space.id, draft.id);
      const draftId = tree.roots.find((n) => n.row.title === "Draft only")!.row.pageId;
      const res = await as(reader.token).get(`/spaces/${space.id}/pdf`, {
        query: { page: draftId },
      });
      expect(res.status).toBe(404);
    });
  });

  describe("deleteSpacePdfs", () => {
    it("deletes a space's PDFs, a bounded number per call, and nothing of other spaces", async () => {
      const spaceId = `purge${Date.now()}`;
      const other = `${spaceId}x`;
      for (let i = 0; i < 5; i++) await env.FILES.put(`pdfs/${spaceId}/line/${i}/a.pdf`, "x");
      await env.FILES.put(`pdfs/${other}/line/1/a.pdf`, "x");
      expect(await deleteSpacePdfs(env.FILES, spaceId, 3)).toEqual({ deleted: 3, more: true });
      expect(await deleteSpacePdfs(env.FILES, spaceId, 3)).toEqual({ deleted: 2, more: false });
      expect(await deleteSpacePdfs(env.FILES, spaceId)).toEqual({ deleted: 0, more: false });
      expect((await env.FILES.list({ prefix: `pdfs/${spaceId}/` })).objects).toHaveLength(0);
      expect(await env.FILES.head(`pdfs/${other}/line/1/a.pdf`)).not.toBeNull();
    });
  });
});

describe("authz", () => {
  beforeAll(emptyStorage);
  type State = Awaited<ReturnType<typeof matrixContent>>;

  // Both exports read content: space:read and any role that sees the space (the guest is
  // granted read); an outsider gets the same 404 as for a space id that never existed.
  authorizationMatrix<State>("GET /v1/spaces/{spaceId}/pdf", {
    setup: (world) => matrixContent(world),
    request: (_w, s) => ({ method: "GET", path: `/spaces/${s.space.id}/pdf` }),
    missing: () => ({ method: "GET", path: "/spaces/neverexisted/pdf" }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });

  authorizationMatrix<State>("GET /v1/spaces/{spaceId}/pdf?page=", {
    setup: (world) => matrixContent(world),
    request: (_w, s) => ({
      method: "GET",
      path: `/spaces/${s.space.id}/pdf`,
      query: { page: s.pageId, only: "true" },
    }),
    missing: (_w, s) => ({
      method: "GET",
      path: "/spaces/neverexisted/pdf",
      query: { page: s.pageId, only: "true" },
    }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });

  authorizationMatrix<State>("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf", {
    setup: (world) => matrixContent(world),
    request: (_w, s) => ({
      method: "GET",
      path: `/spaces/${s.space.id}/change-requests/${s.changeRequest.id}/pdf`,
    }),
    missing: (_w, s) => ({
      method: "GET",
      path: `/spaces/neverexisted/change-requests/${s.changeRequest.id}/pdf`,
    }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });
});

describe("large", () => {
  beforeAll(emptyStorage);
  /** A chapter of realistic size: headings, paragraphs, a list, code and a table (≈ 3 KB of text). */
  function chapter(i: number): string {
    const paragraph = `Chapter ${i} explains one part of the system in plain words. `.repeat(8);
    return [
      `Opening of chapter ${i}. ${paragraph}`,
      `# Concepts of ${i}`,
      paragraph,
      "- first point with **bold** text\n- second point with `code`\n- third point with a [link](https://example.com)",
      `## Example ${i}`,
      "```ts\n" + `const value${i} = compute(${i});\nconsole.log(value${i});\n`.repeat(4) + "```",
      "| Key | Value |\n| --- | --- |\n" + `| k${i} | v${i} |\n`.repeat(6),
      `> Note for chapter ${i}: ${paragraph}`,
      `Closing of chapter ${i}.`,
    ].join("\n\n");
  }

  describe("a large change request", () => {
    it("renders 300 pages inside the Worker, in order, with every page bookmarked", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner, "Big manual");
      await seedPagesWithBodies(space.id, 300, (i) =>
        JSON.stringify(parseMarkdown(chapter(i), {}).document),
      );
      const cr = await proposeChanges(space.id, owner.user.id, [
        {
          operation: "insert_page",
          title: "Appendix",
          document: { markdown: "The last words.\n" },
        },
      ]);
      const started = Date.now();
      const res = await as(owner.token).get(`/spaces/${space.id}/change-requests/${cr.id}/pdf`);
      const elapsed = Date.now() - started;
      expect(res.status, res.text).toBe(200);
      expect(d1Cost(res).roundTrips).toBe(2);
      const { bytes } = await downloadPdf(
        owner.token,
        `/spaces/${space.id}/change-requests/${cr.id}/pdf`,
      );
      const pages = await pdfPages(bytes);
      console.log(
        `PDF of 301 pages: ${pages.length} sheets, ${(bytes.length / 1024).toFixed(0)} KiB, rendered in ${elapsed} ms (workerd, test run)`,
      );
      const text = pages.join("\n");
      let at = -1;
      for (let i = 0; i < 300; i++) {
        const found = text.indexOf(`Closing of chapter ${i}.`, at + 1);
        expect(found, `chapter ${i}`).toBeGreaterThan(at);
        at = found;
      }
      expect(text.indexOf("The last words.")).toBeGreaterThan(at);
      const outline = await pdfOutline(bytes);
      const count = (items: typeof outline): number =>
        items.reduce((n, i) => n + 1 + count(i.children), 0);
      // 301 pages, each chapter with a heading-1 and a heading-2 bookmark.
      expect(count(outline)).toBe(301 + 600);
      expect(pages.at(-1)).toContain(`${pages.length} / ${pages.length}`);
    }, 120_000);

    it("refuses a selection over the documents' size bound, and still renders a part of it", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner, "Huge");
      // 6 pages of ≈ 1.5 Mi characters each: over MAX_BODY_CHARS together, not one by one.
      const big = (i: number) => paragraphBody(`${i} ${"lorem ipsum ".repeat(130_000)}`);
      const rows = await seedPagesWithBodies(space.id, 7, (i) =>
        i === 6 ? paragraphBody("Small page.") : big(i),
      );
      const path = `/spaces/${space.id}/pdf`;
      const res = await as(owner.token).get(path);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(
        /^query\.page: this content has more than 8 MB of documents/,
      );
      const small = rows[6]!.pageId;
      const part = await downloadPdf(owner.token, path, { page: small, only: "true" });
      expect((await pdfPages(part.bytes))[1]).toContain("Small page.");
    }, 120_000);
  });
});
