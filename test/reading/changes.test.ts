import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { commitChanges, mainPagesByTitle, proposeChanges } from "../helpers/content-factories";
import { publishedDocs, resolveUrl, siteTokenFor, siteUrl } from "../helpers/reading-factories";

/** The published docs after one merged revision that creates, edits and moves pages. */
async function changedDocs() {
  const d = await publishedDocs();
  const page = (title: string) => d.pages.get(title)!.pageId;
  const merged = await commitChanges(d.space.id, d.owner.user.id, [
    { operation: "insert_page", title: "New", document: { markdown: "New.\n" } },
    { operation: "update_page", page: page("Guide"), title: "Handbook" },
    { operation: "update_page", page: page("Install"), into: null },
  ]);
  const token = await siteTokenFor(siteUrl(d.site.id));
  return { ...d, page, revision: merged.revision, token };
}

describe("GET /v1/spaces/{spaceId}/revisions/{revisionId}/changes", () => {
  it("lists what a revision of main changed, for a site token of the site", async () => {
    const d = await changedDocs();
    const res = await as(d.token).get(`/spaces/${d.space.id}/revisions/${d.revision}/changes`);
    expect(res.status, res.text).toBe(200);
    const byType = new Map(
      (res.body.changes as { type: string }[]).map((c) => [c.type, c] as const),
    );
    expect(res.body.changes).toHaveLength(3);
    expect(byType.get("page_created")).toMatchObject({ page: { type: "document", title: "New" } });
    expect(byType.get("page_edited")).toEqual({
      type: "page_edited",
      page: { id: d.page("Guide"), type: "document", title: "Handbook", path: "guide" },
      attributes: { title: { before: "Guide", after: "Handbook" } },
    });
    expect(byType.get("page_moved")).toEqual({
      type: "page_moved",
      page: { id: d.page("Install"), type: "document", title: "Install", path: "install" },
      parent: {
        before: {
          id: d.page("Introduction"),
          type: "document",
          title: "Introduction",
          path: "introduction",
        },
      },
    });
    expect(res.body.more).toBeUndefined();
  });

  it("returns at most `limit` changes and counts the others in `more`", async () => {
    const d = await changedDocs();
    const res = await as(d.token).get(`/spaces/${d.space.id}/revisions/${d.revision}/changes`, {
      query: { limit: 1 },
    });
    expect(res.body.changes).toHaveLength(1);
    expect(res.body.more).toBe(2);
    const bad = await as(d.token).get(`/spaces/${d.space.id}/revisions/${d.revision}/changes`, {
      query: { limit: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("limit");
  });

  it("lists a page deletion, and a change request's revision against the one before", async () => {
    const d = await changedDocs();
    const deleted = await commitChanges(d.space.id, d.owner.user.id, [
      { operation: "delete_page", page: (await mainPagesByTitle(d.space.id)).get("New")!.pageId },
    ]);
    const owner = as(d.owner.token);
    const res = await owner.get(`/spaces/${d.space.id}/revisions/${deleted.revision}/changes`);
    expect(res.body.changes).toMatchObject([
      { type: "page_deleted", page: { type: "document", title: "New", path: "new" } },
    ]);
    const cr = await proposeChanges(d.space.id, d.owner.user.id, [
      { operation: "insert_page", title: "Draft", document: {} },
    ]);
    const inCr = await owner.get(`/spaces/${d.space.id}/revisions/${cr.revisionId}/changes`);
    expect(inCr.status, inCr.text).toBe(200);
    expect(inCr.body.changes).toMatchObject([{ type: "page_created", page: { title: "Draft" } }]);
    // A site token reads main-line revisions only.
    const forToken = await as(d.token).get(
      `/spaces/${d.space.id}/revisions/${cr.revisionId}/changes`,
    );
    expect(forToken.status).toBe(404);
  });

  it("is a 404 for another site's token, identical to a space that does not exist", async () => {
    const d = await changedDocs();
    const other = await publishedDocs();
    const token = await siteTokenFor(siteUrl(other.site.id));
    const foreign = await as(token).get(`/spaces/${d.space.id}/revisions/${d.revision}/changes`);
    const missing = await as(token).get(`/spaces/nope/revisions/${d.revision}/changes`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });
});

describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes", () => {
  it("lists what a change request changes against main, files included, for members", async () => {
    const d = await changedDocs();
    const cr = await proposeChanges(d.space.id, d.owner.user.id, [
      { operation: "insert_page", title: "Draft", document: {} },
      { operation: "update_page", page: d.page("Guide"), description: "Read me" },
      {
        operation: "insert_files",
        files: [{ name: "a.txt", contentType: "text/plain", base64: "YQ==" }],
      },
    ]);
    const res = await as(d.owner.token).get(
      `/spaces/${d.space.id}/change-requests/${cr.id}/changes`,
    );
    expect(res.status, res.text).toBe(200);
    const types = (res.body.changes as { type: string }[]).map((c) => c.type).sort();
    expect(types).toEqual(["file_created", "page_created", "page_edited"]);
    const file = res.body.changes.find((c: { type: string }) => c.type === "file_created");
    expect(file.file).toMatchObject({ name: "a.txt", contentType: "text/plain" });
    expect(file.file.downloadURL).toContain("/v1/downloads");
    const edited = res.body.changes.find((c: { type: string }) => c.type === "page_edited");
    expect(edited.attributes).toEqual({ description: { after: "Read me" } });
    const site = await as(d.token).get(`/spaces/${d.space.id}/change-requests/${cr.id}/changes`);
    expect(site.status).toBe(404);
  });
});

describe("changes in a member's preview", () => {
  it("are read with the preview's draft site token, as GitBook's toolbar does", async () => {
    const d = await changedDocs();
    const cr = await proposeChanges(d.space.id, d.owner.user.id, [
      { operation: "insert_page", title: "Draft", document: {} },
    ]);
    const resolved = await resolveUrl(
      siteUrl(d.site.id, `~/changes/${cr.id}/draft`),
      {},
      d.owner.token,
    );
    expect(resolved.status, resolved.text).toBe(200);
    const preview = as(resolved.body.apiToken);
    const changes = await preview.get(`/spaces/${d.space.id}/change-requests/${cr.id}/changes`, {
      query: { limit: 100 },
    });
    expect(changes.status, changes.text).toBe(200);
    expect(changes.body.changes).toMatchObject([
      { type: "page_created", page: { title: "Draft", path: "draft" } },
    ]);
    const revision = await preview.get(`/spaces/${d.space.id}/revisions/${cr.revisionId}/changes`);
    expect(revision.status, revision.text).toBe(200);
  });
});
