import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { mainDocs as docs, seedMainFile } from "../helpers/content-factories";

describe("GET /v1/spaces/{spaceId}/content", () => {
  it("returns the head revision: tree in order with paths, files, type and merged change request", async () => {
    const { reader, space, merged, file } = await docs();
    const res = await as(reader.token).get(`/spaces/${space.id}/content`);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      object: "revision",
      id: space.revisionId,
      type: "merge",
      reusableContents: [],
      variables: {},
      tags: [],
      urls: { app: `https://app.quire.test/s/${space.id}` },
      mergedFrom: { object: "change-request", id: merged.changeRequest.id, status: "merged" },
    });
    expect(body.parents).toHaveLength(2);
    expect(body.pages.map((p: any) => [p.title, p.path])).toEqual([
      ["Introduction", "introduction"],
      ["Guide", "guide"],
    ]);
    const intro = body.pages[0];
    expect(intro).toMatchObject({
      kind: "sheet",
      type: "document",
      slug: "introduction",
      hidden: false,
      tags: [],
    });
    expect(intro.document.object).toBe("document");
    expect(intro.layout.width).toBe("default");
    expect(intro.urls.app).toBe(`https://app.quire.test/s/${space.id}/introduction`);
    expect(intro.pages.map((p: any) => [p.title, p.path, p.emoji, p.description])).toEqual([
      ["Install", "introduction/install", "🚀", "How to"],
    ]);
    expect(body.files).toEqual([
      expect.objectContaining({
        id: file.fileId,
        name: "logo.png",
        contentType: "image/png",
        size: 7,
        dimensions: { width: 16, height: 8 },
      }),
    ]);
    expect(body.files[0].downloadURL).toMatch(
      /^https:\/\/quire\.test\/v1\/downloads\?key=files%2F/,
    );
  });

  it("accepts metadata=false and computed=false, and refuses other values naming the field", async () => {
    const { reader, space } = await docs();
    const ok = await as(reader.token).get(`/spaces/${space.id}/content`, {
      query: { metadata: false, computed: false },
    });
    expect(ok.status).toBe(200);
    const bad = await as(reader.token).get(`/spaces/${space.id}/content`, {
      query: { metadata: "maybe" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^query\.metadata: /);
  });
});

describe("GET /v1/spaces/{spaceId}/content/pages", () => {
  it("returns {pages}: the nested tree with bodies", async () => {
    const { reader, space } = await docs();
    const res = await as(reader.token).get(`/spaces/${space.id}/content/pages`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["pages"]);
    expect(res.body.pages.map((p: any) => p.title)).toEqual(["Introduction", "Guide"]);
    expect(res.body.pages[0].pages[0]).toMatchObject({
      title: "Install",
      path: "introduction/install",
    });
    expect(res.body.pages[1].document.nodes.map((n: any) => n.type)).toEqual([
      "heading-1",
      "paragraph",
    ]);
  });
});

describe("GET /v1/spaces/{spaceId}/content/files", () => {
  it("pages through the files by id with an exact count", async () => {
    const { reader, space, file } = await docs();
    const other = await seedMainFile(space.id, {
      name: "notes.txt",
      contentType: "text/plain",
      bytes: new TextEncoder().encode("hi"),
    });
    const ids = [file.fileId, other.fileId].sort();
    const first = await as(reader.token).get(`/spaces/${space.id}/content/files`, {
      query: { limit: 1 },
    });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(2);
    expect(first.body.items.map((f: any) => f.id)).toEqual([ids[0]]);
    const second = await as(reader.token).get(`/spaces/${space.id}/content/files`, {
      query: { limit: 1, page: first.body.next.page },
    });
    expect(second.body.items.map((f: any) => f.id)).toEqual([ids[1]]);
    expect(second.body.next).toBeUndefined();
    const text = [...first.body.items, ...second.body.items].find(
      (f: any) => f.name === "notes.txt",
    );
    expect(text).toMatchObject({ contentType: "text/plain", size: 2 });
    expect(text.dimensions).toBeUndefined();
  });

  it("refuses a bad limit or a foreign cursor naming the field", async () => {
    const { reader, space } = await docs();
    const limit = await as(reader.token).get(`/spaces/${space.id}/content/files`, {
      query: { limit: 0 },
    });
    expect(limit.status).toBe(400);
    expect(limit.body.error.message).toMatch(/^query\.limit: /);
    const cursor = await as(reader.token).get(`/spaces/${space.id}/content/files`, {
      query: { page: "abc.def" },
    });
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.message).toMatch(/^query\.page: /);
  });
});

describe("GET /v1/spaces/{spaceId}/content/files/{fileId}", () => {
  it("returns one file with a signed URL, and 404 for an unknown id", async () => {
    const { reader, space, file } = await docs();
    const res = await as(reader.token).get(`/spaces/${space.id}/content/files/${file.fileId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: file.fileId,
      name: "logo.png",
      contentType: "image/png",
      size: 7,
    });
    const missing = await as(reader.token).get(`/spaces/${space.id}/content/files/nope`);
    expect(missing.status).toBe(404);
    const bad = await as(reader.token).get(`/spaces/${space.id}/content/files/a.b`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^path\.fileId: /);
  });
});
