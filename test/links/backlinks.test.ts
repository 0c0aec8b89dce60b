import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { commitChanges, proposeChanges } from "../helpers/content-factories";
import { linkedSpace } from "../helpers/links-factories";

type Ref = { kind: string; page: string };

describe("GET /v1/spaces/{spaceId}/content/files/{fileId}/backlinks", () => {
  it("lists the pages linking to a file (links and images), as page references", async () => {
    const w = await linkedSpace();
    const res = await as(w.reader.token).get(
      `/spaces/${w.space.id}/content/files/${w.fileId}/backlinks`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.count).toBe(2);
    const place = {
      kind: "page",
      organization: w.org.id,
      space: w.space.id,
      versionContext: { type: "revision", revision: w.space.revisionId },
    };
    expect(res.body.items).toEqual(
      [w.source, w.gallery].sort().map((page) => ({ ...place, page })),
    );
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
  });

  it("pages through the linking pages and follows deletions", async () => {
    const w = await linkedSpace();
    const path = `/spaces/${w.space.id}/content/files/${w.fileId}/backlinks`;
    const first = await as(w.reader.token).get(path, { query: { limit: 1 } });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.count).toBe(2);
    const second = await as(w.reader.token).get(path, {
      query: { limit: 1, page: first.body.next.page },
    });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeUndefined();
    expect(second.body.items[0].page).not.toBe(first.body.items[0].page);
    await commitChanges(w.space.id, w.owner.user.id, [
      { operation: "delete_page", page: w.gallery },
    ]);
    const after = await as(w.reader.token).get(path);
    expect(after.body.items.map((r: Ref) => r.page)).toEqual([w.source]);
  });

  it("answers 404 for a file not in the revision and 400 for a bad limit or cursor", async () => {
    const w = await linkedSpace();
    const missing = await as(w.reader.token).get(
      `/spaces/${w.space.id}/content/files/nofile/backlinks`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/File/);
    const path = `/spaces/${w.space.id}/content/files/${w.fileId}/backlinks`;
    const limit = await as(w.reader.token).get(path, { query: { limit: "many" } });
    expect(limit.status).toBe(400);
    expect(limit.body.error.message).toMatch(/^query\.limit: /);
    const cursor = await as(w.reader.token).get(path, { query: { page: "x.y" } });
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.message).toBe("query.page: invalid page cursor");
  });
});

describe("change request backlinks", () => {
  it("lists the pages linking to a page (page and anchor links), at the change request's head", async () => {
    const w = await linkedSpace();
    const cr = await proposeChanges(w.space.id, w.owner.user.id, [
      {
        operation: "update_page",
        page: w.gallery,
        document: { markdown: `[part](/pages/${w.target}#part)\n` },
      },
    ]);
    const base = `/spaces/${w.space.id}/change-requests/${cr.id}/content`;
    const res = await as(w.reader.token).get(`${base}/page/${w.target}/backlinks`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((r: Ref) => r.page)).toEqual([w.source, w.gallery].sort());
    expect(res.body.items[0].versionContext).toEqual({
      type: "revision",
      revision: cr.revisionId,
    });
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
    const files = await as(w.reader.token).get(`${base}/files/${w.fileId}/backlinks`);
    expect(files.status, files.text).toBe(200);
    expect(files.body.items.map((r: Ref) => r.page)).toEqual([w.source]);
    const none = await as(w.reader.token).get(`${base}/page/${w.source}/backlinks`);
    expect(none.body).toEqual({ count: 0, items: [] });
  });

  it("answers 404 for a page or file the change request does not have", async () => {
    const w = await linkedSpace();
    const cr = await proposeChanges(w.space.id, w.owner.user.id, [
      { operation: "delete_page", page: w.target },
    ]);
    const base = `/spaces/${w.space.id}/change-requests/${cr.id}/content`;
    const page = await as(w.reader.token).get(`${base}/page/${w.target}/backlinks`);
    expect(page.status).toBe(404);
    expect(page.body.error.message).toMatch(/Page/);
    const file = await as(w.reader.token).get(`${base}/files/nofile/backlinks`);
    expect(file.status).toBe(404);
    const bad = await as(w.reader.token).get(`${base}/page/${w.source}/backlinks`, {
      query: { limit: -1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^query\.limit: /);
  });
});
