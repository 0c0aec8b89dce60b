import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";
import {
  commitChanges,
  mainPagesByTitle,
  makeContentSpace,
  proposeChanges,
  reloadSpace,
  seedMainFile,
} from "../helpers/content-factories";

/** A space with two merges: revision `first` has v1 of Home and a file; main has moved on. */
async function history() {
  const { org, owner } = await makeOrg();
  const reader = await makeMember(org.id, "read");
  const created = await makeContentSpace(org.id, owner);
  const initial = created.revisionId;
  const one = await commitChanges(created.id, owner.user.id, [
    { operation: "insert_page", title: "Home", document: { markdown: "Version one.\n" } },
  ]);
  const file = await seedMainFile(created.id, {
    name: "a.png",
    contentType: "image/png",
    bytes: new Uint8Array([1, 2]),
  });
  const home = (await mainPagesByTitle(created.id)).get("Home")!.pageId;
  await commitChanges(created.id, owner.user.id, [
    {
      operation: "update_page",
      page: home,
      title: "Home page",
      document: { markdown: "Version two.\n" },
    },
    { operation: "insert_page", title: "Later", document: { markdown: "Later.\n" } },
  ]);
  const space = await reloadSpace(created.id);
  const rev = (id: string) => `/spaces/${space.id}/revisions/${id}`;
  return {
    owner,
    reader,
    space,
    initial,
    first: one.revision,
    firstCr: one.changeRequest,
    file,
    home,
    rev,
  };
}

describe("GET /v1/spaces/{spaceId}/revisions/{revisionId}", () => {
  it("returns a past revision with the content it had, after later merges", async () => {
    const { reader, space, first, firstCr, file, rev } = await history();
    const res = await as(reader.token).get(rev(first));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "revision",
      id: first,
      type: "merge",
      mergedFrom: { id: firstCr.id },
    });
    expect(res.body.urls.app).toBe(`https://app.quire.test/s/${space.id}/~/revisions/${first}`);
    expect(res.body.pages.map((p: any) => [p.title, p.path])).toEqual([["Home", "home"]]);
    expect(res.body.files.map((f: any) => f.id)).toEqual([file.fileId]);
    const head = await as(reader.token).get(`/spaces/${space.id}/content`);
    expect(head.body.pages.map((p: any) => p.title)).toEqual(["Home page", "Later"]);
  });

  it("returns the empty first revision of a space", async () => {
    const { reader, initial, rev } = await history();
    const res = await as(reader.token).get(rev(initial));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: initial,
      type: "edits",
      parents: [],
      pages: [],
      files: [],
    });
    expect(res.body.mergedFrom).toBeUndefined();
  });

  it("reads a change request's revision by id", async () => {
    const { owner, reader, space, rev } = await history();
    const cr = await proposeChanges(space.id, owner.user.id, [
      { operation: "insert_page", title: "Draft", document: {} },
    ]);
    const res = await as(reader.token).get(`${rev(cr.revisionId)}/pages`);
    expect(res.status).toBe(200);
    expect(res.body.pages.map((p: any) => p.title)).toEqual(["Home page", "Later", "Draft"]);
  });

  it("answers 404 for an unknown revision or one of another space, and 400 for a bad id", async () => {
    const { owner, reader, space, rev } = await history();
    const unknown = await as(reader.token).get(rev("neverexisted"));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("Revision not found");
    const other = await makeContentSpace((await reloadSpace(space.id)).organizationId, owner);
    const foreign = await as(reader.token).get(rev(other.revisionId));
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(unknown.text);
    const bad = await as(reader.token).get(rev("a.b"));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^path\.revisionId: /);
  });
});

describe("GET /v1/spaces/{spaceId}/revisions/{revisionId}/pages, /files, /files/{fileId}", () => {
  it("lists the pages and files of a past revision", async () => {
    const { reader, first, file, rev } = await history();
    const pages = await as(reader.token).get(`${rev(first)}/pages`);
    expect(pages.body.pages.map((p: any) => p.title)).toEqual(["Home"]);
    const files = await as(reader.token).get(`${rev(first)}/files`);
    expect(files.body).toMatchObject({ count: 1, items: [{ id: file.fileId, name: "a.png" }] });
    const one = await as(reader.token).get(`${rev(first)}/files/${file.fileId}`);
    expect(one.body).toMatchObject({ id: file.fileId, contentType: "image/png", size: 2 });
  });

  it("does not show a file added after the revision", async () => {
    const { reader, initial, file, rev } = await history();
    const files = await as(reader.token).get(`${rev(initial)}/files`);
    expect(files.body).toEqual({ count: 0, items: [] });
    expect((await as(reader.token).get(`${rev(initial)}/files/${file.fileId}`)).status).toBe(404);
  });
});

describe("GET /v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId} and /path/{pagePath}", () => {
  it("reads a page as it was in the revision, in 2 round trips", async () => {
    const { reader, space, first, home, rev } = await history();
    const old = await as(reader.token).get(`${rev(first)}/page/${home}`, {
      query: { format: "markdown" },
    });
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ id: home, title: "Home", markdown: "Version one.\n" });
    expect(d1Cost(old).roundTrips).toBeLessThanOrEqual(2);
    const now = await as(reader.token).get(`/spaces/${space.id}/content/page/${home}`, {
      query: { format: "markdown" },
    });
    expect(now.body).toMatchObject({ title: "Home page", markdown: "Version two.\n" });
    const byPath = await as(reader.token).get(`${rev(first)}/path/home`, {
      query: { format: "markdown" },
    });
    expect(byPath.body).toMatchObject({ id: home, markdown: "Version one.\n" });
    expect(d1Cost(byPath).roundTrips).toBeLessThanOrEqual(2);
    expect((await as(reader.token).get(`${rev(first)}/path/later`)).status).toBe(404);
  });

  it("refuses a bad format naming the field", async () => {
    const { reader, first, home, rev } = await history();
    const res = await as(reader.token).get(`${rev(first)}/page/${home}`, {
      query: { format: "pdf" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^query\.format: /);
  });
});

describe("GET /v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document", () => {
  it("returns the page's JSON document as it was", async () => {
    const { reader, first, home, rev } = await history();
    const page = await as(reader.token).get(`${rev(first)}/page/${home}`);
    const res = await as(reader.token).get(`${rev(first)}/page/${home}/document`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(page.body.document);
    expect(res.body.object).toBe("document");
    expect((await as(reader.token).get(`${rev(first)}/page/nope/document`)).status).toBe(404);
    const bad = await as(reader.token).get(`${rev(first)}/page/${home}/document`, {
      query: { evaluated: "x" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^query\.evaluated: /);
  });
});
