import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { proposeChanges } from "../helpers/content-factories";
import { linkedSpace } from "../helpers/links-factories";

type Item = { status: string; targetReference: Record<string, unknown> };

describe("GET /v1/spaces/{spaceId}/content/page/{pageId}/links", () => {
  it("lists one page's links with their status and the page's stats", async () => {
    const w = await linkedSpace();
    const res = await as(w.reader.token).get(
      `/spaces/${w.space.id}/content/page/${w.source}/links`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.map((i: Item) => [i.targetReference.kind, i.status])).toEqual([
      ["page", "ok"],
      ["anchor", "ok"],
      ["file", "ok"],
      ["anchor", "ok"],
      ["url", "ok"],
      ["url", "in-app"],
      ["page", "broken"],
    ]);
    expect(res.body.count).toBe(7);
    expect(res.body.stats).toEqual({ total: 7, broken: { total: 1, changeRequest: 0 } });
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
    const gallery = await as(w.reader.token).get(
      `/spaces/${w.space.id}/content/page/${w.gallery}/links`,
      { query: { status: "broken" } },
    );
    expect(gallery.body).toEqual({
      count: 0,
      items: [],
      stats: { total: 1, broken: { total: 0, changeRequest: 0 } },
    });
  });

  it("answers 404 for a page that is not in the revision, and 400 for a bad filter", async () => {
    const w = await linkedSpace();
    const missing = await as(w.reader.token).get(`/spaces/${w.space.id}/content/page/nope/links`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/Page/);
    const bad = await as(w.reader.token).get(
      `/spaces/${w.space.id}/content/page/${w.source}/links`,
      { query: { status: "gone", limit: 0 } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^query\.(status|limit): /);
  });
});

describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links", () => {
  it("sees the change request's deletions, and counts the broken links it introduced", async () => {
    const w = await linkedSpace();
    const cr = await proposeChanges(w.space.id, w.owner.user.id, [
      { operation: "delete_page", page: w.target },
    ]);
    const path = (id: string) =>
      `/spaces/${w.space.id}/change-requests/${id}/content/page/${w.source}/links`;
    const res = await as(w.reader.token).get(path(cr.id), { query: { status: "broken" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.map((i: Item) => i.targetReference)).toEqual([
      expect.objectContaining({ kind: "page", page: w.target }),
      expect.objectContaining({ kind: "anchor", page: w.target }),
      expect.objectContaining({ kind: "page", page: "nope" }),
    ]);
    expect(res.body.items[0].targetReference.versionContext).toEqual({
      type: "revision",
      revision: cr.revisionId,
    });
    expect(res.body.stats).toEqual({ total: 7, broken: { total: 3, changeRequest: 2 } });
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
    const byNumber = await as(w.reader.token).get(path(String(cr.number)));
    expect(byNumber.body.stats).toEqual(res.body.stats);
    const main = await as(w.reader.token).get(
      `/spaces/${w.space.id}/content/page/${w.source}/links`,
    );
    expect(main.body.stats.broken.total).toBe(1);
  });

  it("counts a new broken link written in the change request, not one main already had", async () => {
    const w = await linkedSpace();
    const markdown = `[nothing](/pages/nope) [ghost](/pages/ghost) [ok](/pages/${w.target})\n`;
    const cr = await proposeChanges(w.space.id, w.owner.user.id, [
      { operation: "update_page", page: w.source, document: { markdown } },
    ]);
    const res = await as(w.reader.token).get(
      `/spaces/${w.space.id}/change-requests/${cr.id}/content/page/${w.source}/links`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.map((i: Item) => i.status)).toEqual(["broken", "broken", "ok"]);
    expect(res.body.stats).toEqual({ total: 3, broken: { total: 2, changeRequest: 1 } });
  });

  it("answers 404 for a page the change request deleted, or an unknown change request", async () => {
    const w = await linkedSpace();
    const cr = await proposeChanges(w.space.id, w.owner.user.id, [
      { operation: "delete_page", page: w.source },
    ]);
    const base = `/spaces/${w.space.id}/change-requests`;
    const deleted = await as(w.reader.token).get(`${base}/${cr.id}/content/page/${w.source}/links`);
    expect(deleted.status).toBe(404);
    const unknown = await as(w.reader.token).get(`${base}/nope/content/page/${w.source}/links`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/Change request/);
  });
});
