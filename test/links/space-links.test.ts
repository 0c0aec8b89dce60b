import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { commitChanges, makeContentSpace } from "../helpers/content-factories";
import { APP_URL, linkedSpace } from "../helpers/links-factories";

type Item = {
  status: string;
  relation: string;
  targetReference: Record<string, unknown>;
  locationReferences: Record<string, unknown>[];
};

describe("GET /v1/spaces/{spaceId}/links", () => {
  it("lists every link of the current revision with its status, location and stats", async () => {
    const w = await linkedSpace();
    const res = await as(w.reader.token).get(`/spaces/${w.space.id}/links`);
    expect(res.status, res.text).toBe(200);
    const place = {
      organization: w.org.id,
      space: w.space.id,
      versionContext: { type: "revision", revision: w.space.revisionId },
    };
    const fromSource = res.body.items.filter(
      (i: Item) => i.locationReferences[0]!.page === w.source,
    );
    expect(fromSource).toEqual(
      [
        { status: "ok", targetReference: { kind: "page", ...place, page: w.target } },
        {
          status: "ok",
          targetReference: { kind: "anchor", ...place, page: w.target, anchor: "part" },
        },
        { status: "ok", targetReference: { kind: "file", ...place, file: w.fileId } },
        {
          status: "ok",
          targetReference: { kind: "anchor", ...place, page: w.source, anchor: "below" },
        },
        { status: "ok", targetReference: { kind: "url", url: "https://example.com/a" } },
        { status: "in-app", targetReference: { kind: "url", url: `${APP_URL}/s/elsewhere` } },
        { status: "broken", targetReference: { kind: "page", ...place, page: "nope" } },
      ].map((item) => ({
        ...item,
        relation: "reference",
        locationReferences: [{ kind: "page", ...place, page: w.source }],
      })),
    );
    expect(res.body.count).toBe(8);
    expect(res.body.items).toHaveLength(8);
    expect(res.body.stats).toEqual({ total: 8, broken: { total: 1, changeRequest: 0 } });
    expect(res.body.next).toBeUndefined();
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
  });

  it("reports a link broken once its target page is deleted", async () => {
    const w = await linkedSpace();
    await commitChanges(w.space.id, w.owner.user.id, [
      { operation: "delete_page", page: w.target },
    ]);
    const res = await as(w.reader.token).get(`/spaces/${w.space.id}/links`, {
      query: { status: "broken" },
    });
    expect(res.status, res.text).toBe(200);
    const targets = res.body.items.map((i: Item) => i.targetReference);
    expect(targets).toEqual([
      expect.objectContaining({ kind: "page", page: w.target }),
      expect.objectContaining({ kind: "anchor", page: w.target, anchor: "part" }),
      expect.objectContaining({ kind: "page", page: "nope" }),
    ]);
    expect(res.body.items.every((i: Item) => i.status === "broken")).toBe(true);
    expect(res.body.count).toBe(3);
    expect(res.body.stats).toEqual({ total: 8, broken: { total: 3, changeRequest: 0 } });
  });

  it("filters by status: in-app and ok", async () => {
    const w = await linkedSpace();
    const inApp = await as(w.reader.token).get(`/spaces/${w.space.id}/links`, {
      query: { status: "in-app" },
    });
    expect(inApp.body.count).toBe(1);
    expect(inApp.body.items[0].targetReference.url).toBe(`${APP_URL}/s/elsewhere`);
    const ok = await as(w.reader.token).get(`/spaces/${w.space.id}/links`, {
      query: { status: "ok" },
    });
    expect(ok.body.count).toBe(6);
    expect(ok.body.items.every((i: Item) => i.status === "ok")).toBe(true);
    expect(ok.body.stats.total).toBe(8);
  });

  it("checks references to another space of the organization at that space's head", async () => {
    const w = await linkedSpace();
    const other = await makeContentSpace(w.org.id, w.owner);
    await commitChanges(other.id, w.owner.user.id, [
      { operation: "insert_page", title: "Away", document: { markdown: "Away.\n" } },
    ]);
    const away = (await as(w.owner.token).get(`/spaces/${other.id}/content/pages`)).body.pages[0]
      .id;
    const markdown = `[there](/spaces/${other.id}/pages/${away}) [gone](/spaces/${other.id}/pages/x) [foreign](/spaces/elsewhere/files/f)\n`;
    await commitChanges(w.space.id, w.owner.user.id, [
      { operation: "update_page", page: w.gallery, document: { markdown } },
    ]);
    const res = await as(w.reader.token).get(`/spaces/${w.space.id}/links`);
    const gallery = res.body.items.filter((i: Item) => i.locationReferences[0]!.page === w.gallery);
    expect(gallery).toEqual([
      expect.objectContaining({
        status: "ok",
        targetReference: { kind: "page", organization: w.org.id, space: other.id, page: away },
      }),
      expect.objectContaining({
        status: "broken",
        targetReference: { kind: "page", organization: w.org.id, space: other.id, page: "x" },
      }),
      expect.objectContaining({
        status: "broken",
        targetReference: { kind: "file", organization: w.org.id, space: "elsewhere", file: "f" },
      }),
    ]);
  });

  it("follows a duplicated space: bodies are shared, so are their links", async () => {
    const w = await linkedSpace();
    const copy = await as(w.owner.token).post(`/spaces/${w.space.id}/duplicate`);
    expect(copy.status, copy.text).toBe(201);
    const res = await as(w.owner.token).get(`/spaces/${copy.body.id}/links`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.stats).toEqual({ total: 8, broken: { total: 1, changeRequest: 0 } });
    expect(res.body.items[0].locationReferences[0].space).toBe(copy.body.id);
  });

  it("pages with signed keyset cursors and an exact count", async () => {
    const w = await linkedSpace();
    const seen: Item[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const res = await as(w.reader.token).get(`/spaces/${w.space.id}/links`, {
        query: { limit: 3, page },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(8);
      seen.push(...res.body.items);
      page = res.body.next?.page;
      pages++;
    } while (page);
    expect(pages).toBe(3);
    const all = await as(w.reader.token).get(`/spaces/${w.space.id}/links`);
    expect(seen).toEqual(all.body.items);
  });

  it("answers 400 naming the field for a bad status, limit or cursor", async () => {
    const w = await linkedSpace();
    const path = `/spaces/${w.space.id}/links`;
    const status = await as(w.reader.token).get(path, { query: { status: "dead" } });
    expect(status.status).toBe(400);
    expect(status.body.error.message).toMatch(/^query\.status: /);
    const limit = await as(w.reader.token).get(path, { query: { limit: 1001 } });
    expect(limit.status).toBe(400);
    expect(limit.body.error.message).toMatch(/^query\.limit: /);
    const cursor = await as(w.reader.token).get(path, { query: { page: "forged.cursor" } });
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.message).toBe("query.page: invalid page cursor");
    const first = await as(w.reader.token).get(path, { query: { limit: 1 } });
    const other = await as(w.reader.token).get(path, {
      query: { limit: 1, status: "ok", page: first.body.next.page },
    });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe("query.page: invalid page cursor");
  });
});
