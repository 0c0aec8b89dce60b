import { describe, expect, it } from "vitest";
import { as, d1Cost, workerFetch } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";
import {
  commitChanges,
  mainPagesByTitle,
  makeContentSpace,
  proposeChanges,
  reloadSpace,
} from "../helpers/content-factories";

const bytes = new TextEncoder().encode("draft notes");

/** Main has Introduction and Guide; an open change request edits, adds, deletes and uploads. */
async function proposal() {
  const { org, owner } = await makeOrg();
  const reader = await makeMember(org.id, "read");
  const space = await makeContentSpace(org.id, owner);
  await commitChanges(space.id, owner.user.id, [
    { operation: "insert_page", title: "Introduction", document: { markdown: "Old text.\n" } },
    { operation: "insert_page", title: "Guide", document: { markdown: "Guide.\n" } },
  ]);
  const main = await mainPagesByTitle(space.id);
  const intro = main.get("Introduction")!.pageId;
  const guide = main.get("Guide")!.pageId;
  const cr = await proposeChanges(space.id, owner.user.id, [
    {
      operation: "update_page",
      page: intro,
      title: "Introduction v2",
      document: { markdown: "New text.\n" },
    },
    { operation: "insert_page", into: intro, title: "Added", document: { markdown: "Added.\n" } },
    { operation: "delete_page", page: guide },
    {
      operation: "insert_files",
      files: [{ name: "notes.txt", contentType: "text/plain", base64: btoa("draft notes") }],
    },
  ]);
  const base = `/spaces/${space.id}/change-requests/${cr.id}/content`;
  return { reader, space: await reloadSpace(space.id), cr, intro, guide, base };
}

describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", () => {
  it("shows the change request's head revision while main does not change", async () => {
    const { reader, space, cr, base } = await proposal();
    const res = await as(reader.token).get(base);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "revision",
      id: cr.revisionId,
      type: "edits",
      parents: [expect.any(String)],
    });
    expect(res.body.urls.app).toBe(`https://app.quire.test/s/${space.id}/~/changes/${cr.number}`);
    expect(res.body.pages.map((p: any) => p.title)).toEqual(["Introduction v2"]);
    expect(res.body.pages[0].pages.map((p: any) => [p.title, p.path])).toEqual([
      ["Added", "introduction/added"],
    ]);
    expect(res.body.files.map((f: any) => [f.name, f.contentType, f.size])).toEqual([
      ["notes.txt", "text/plain", bytes.byteLength],
    ]);
    const main = await as(reader.token).get(`/spaces/${space.id}/content`);
    expect(main.body.pages.map((p: any) => p.title)).toEqual(["Introduction", "Guide"]);
    expect(main.body.files).toEqual([]);
  });

  it("finds the change request by its number too, and 404s an unknown one", async () => {
    const { reader, space, cr } = await proposal();
    const byNumber = await as(reader.token).get(
      `/spaces/${space.id}/change-requests/${cr.number}/content/pages`,
    );
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.pages.map((p: any) => p.title)).toEqual(["Introduction v2"]);
    const missing = await as(reader.token).get(`/spaces/${space.id}/change-requests/999/content`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Change request not found");
  });

  it("lists and reads the change request's files", async () => {
    const { reader, base } = await proposal();
    const list = await as(reader.token).get(`${base}/files`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    const [file] = list.body.items;
    const one = await as(reader.token).get(`${base}/files/${file.id}`);
    expect(one.body).toMatchObject({ id: file.id, name: "notes.txt", size: bytes.byteLength });
    const download = await workerFetch(one.body.downloadURL);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("text/plain");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it("reads a changed page in its new form, and main's page in its old one", async () => {
    const { reader, space, intro, base } = await proposal();
    const res = await as(reader.token).get(`${base}/page/${intro}`, {
      query: { format: "markdown" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Introduction v2", markdown: "New text.\n" });
    expect(res.body.pages.map((p: any) => [p.title, p.markdown])).toEqual([["Added", "Added.\n"]]);
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
    const main = await as(reader.token).get(`/spaces/${space.id}/content/page/${intro}`, {
      query: { format: "markdown" },
    });
    expect(main.body).toMatchObject({ title: "Introduction", markdown: "Old text.\n", pages: [] });
  });

  it("hides a page the change request deleted, which main still has", async () => {
    const { reader, space, guide, base } = await proposal();
    expect((await as(reader.token).get(`${base}/page/${guide}`)).status).toBe(404);
    expect((await as(reader.token).get(`${base}/path/guide`)).status).toBe(404);
    expect((await as(reader.token).get(`/spaces/${space.id}/content/page/${guide}`)).status).toBe(
      200,
    );
  });

  it("reads a page by its path in the change request", async () => {
    const { reader, base } = await proposal();
    const res = await as(reader.token).get(`${base}/path/introduction%2Fadded`, {
      query: { format: "markdown" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Added",
      path: "introduction/added",
      markdown: "Added.\n",
    });
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
  });

  it("refuses bad query values naming the field", async () => {
    const { reader, intro, base } = await proposal();
    const res = await as(reader.token).get(`${base}/page/${intro}`, { query: { evaluated: "no" } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^query\.evaluated: /);
    const files = await as(reader.token).get(`${base}/files`, { query: { limit: 1001 } });
    expect(files.status).toBe(400);
    expect(files.body.error.message).toMatch(/^query\.limit: /);
  });
});
