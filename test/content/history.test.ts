import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";
import {
  commitChanges,
  mainPagesByTitle,
  makeContentSpace,
  reloadSpace,
} from "../helpers/content-factories";
import { postMerge } from "../helpers/change-requests-factories";

/**
 * A space's history and revert (Quire extensions): the main line's revisions newest first with
 * keyset pages and the exact count, a page's history, and the revert of the space or of one page
 * opened as a change request — for editors only, the same 404 as for nothing to outsiders.
 */

/** A space with two merges: `first` has v1 of Home; the head has Home v2 and Later. */
async function history() {
  const { org, owner } = await makeOrg();
  const reader = await makeMember(org.id, "read");
  const outsider = (await makeOrg()).owner;
  const created = await makeContentSpace(org.id, owner);
  const one = await commitChanges(created.id, owner.user.id, [
    { operation: "insert_page", title: "Home", document: { markdown: "Version one.\n" } },
  ]);
  const home = (await mainPagesByTitle(created.id)).get("Home")!.pageId;
  const two = await commitChanges(created.id, owner.user.id, [
    { operation: "update_page", page: home, title: "Home page" },
    { operation: "insert_page", title: "Later", document: { markdown: "Later.\n" } },
  ]);
  const space = await reloadSpace(created.id);
  return { owner, reader, outsider, space, initial: created.revisionId, one, two, home };
}

describe("GET /v1/spaces/{spaceId}/revisions", () => {
  it("lists main's revisions newest first, with their author and merged change request", async () => {
    const { reader, space, initial, one, two } = await history();
    const res = await as(reader.token).get(`/spaces/${space.id}/revisions`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.items.map((r: any) => r.id)).toEqual([two.revision, one.revision, initial]);
    expect(res.body.items[0]).toMatchObject({
      type: "merge",
      changeRequest: { id: two.changeRequest.id, number: two.changeRequest.number },
      urls: { app: `https://app.quire.test/s/${space.id}/~/revisions/${two.revision}` },
    });
    expect(res.body.items[0].createdBy.displayName).toBeTruthy();
    expect(res.body.next).toBeUndefined();
    // The revision read names its author too (Quire extension).
    const read = await as(reader.token).get(`/spaces/${space.id}/revisions/${two.revision}`);
    expect(read.body.createdBy.id).toBe(res.body.items[0].createdBy.id);
  });

  it("pages by keyset through next.page, and refuses another list's cursor", async () => {
    const { reader, space, home, initial, one, two } = await history();
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = await as(reader.token).get(`/spaces/${space.id}/revisions`, {
        query: { limit: 1, ...(page ? { page } : {}) },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(3);
      seen.push(...res.body.items.map((r: any) => r.id));
      page = res.body.next?.page;
    } while (page);
    expect(seen).toEqual([two.revision, one.revision, initial]);
    const first = await as(reader.token).get(`/spaces/${space.id}/revisions`, {
      query: { limit: 1 },
    });
    const other = await as(reader.token).get(`/spaces/${space.id}/content/page/${home}/revisions`, {
      query: { page: first.body.next.page },
    });
    expect(other.status).toBe(400);
  });

  it("answers an outsider and a space that does not exist the same 404", async () => {
    const { outsider, space } = await history();
    const theirs = await as(outsider.token).get(`/spaces/${space.id}/revisions`);
    const none = await as(outsider.token).get(`/spaces/space_none/revisions`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(none.body);
  });
});

describe("GET /v1/spaces/{spaceId}/content/page/{pageId}/revisions", () => {
  it("lists the revisions that changed the page, and 404 for a page main never had", async () => {
    const { reader, space, home, one, two } = await history();
    const res = await as(reader.token).get(`/spaces/${space.id}/content/page/${home}/revisions`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((r: any) => r.id)).toEqual([two.revision, one.revision]);
    const later = (await mainPagesByTitle(space.id)).get("Later")!.pageId;
    const other = await as(reader.token).get(`/spaces/${space.id}/content/page/${later}/revisions`);
    expect(other.body.items.map((r: any) => r.id)).toEqual([two.revision]);
    const none = await as(reader.token).get(`/spaces/${space.id}/content/page/nope/revisions`);
    expect(none.status).toBe(404);
  });
});

describe("POST /v1/spaces/{spaceId}/revisions/{revisionId}/revert", () => {
  it("opens a change request with the revision's whole content, which merges into main", async () => {
    const { owner, space, one } = await history();
    const res = await as(owner.token).post(
      `/spaces/${space.id}/revisions/${one.revision}/revert`,
      {},
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ object: "change-request", status: "open" });
    expect(res.body.subject).toMatch(/^Revert to the revision of \d{4}-\d{2}-\d{2}$/);
    const changes = await as(owner.token).get(
      `/spaces/${space.id}/change-requests/${res.body.id}/changes`,
    );
    const types = changes.body.changes.map((c: any) => [c.type, c.page?.title]).sort();
    expect(types).toEqual([
      ["page_deleted", "Later"],
      ["page_edited", "Home"],
    ]);
    const merged = await postMerge(owner, space.id, res.body.id);
    expect(merged.status, merged.text).toBe(200);
    const head = await as(owner.token).get(`/spaces/${space.id}/content`);
    expect(head.body.pages.map((p: any) => p.title)).toEqual(["Home"]);
  });

  it("restores one page with its own subject, and 409 when it is already as it was", async () => {
    const { owner, space, one, two, home } = await history();
    const path = `/spaces/${space.id}/revisions/${one.revision}/revert`;
    const res = await as(owner.token).post(path, { page: home });
    expect(res.status, res.text).toBe(201);
    expect(res.body.subject).toMatch(/^Restore "Home" as of /);
    const pages = await as(owner.token).get(
      `/spaces/${space.id}/change-requests/${res.body.id}/content`,
    );
    expect(pages.body.pages.map((p: any) => p.title)).toEqual(["Home", "Later"]);
    const same = await as(owner.token).post(
      `/spaces/${space.id}/revisions/${two.revision}/revert`,
      {
        page: home,
      },
    );
    expect(same.status).toBe(409);
    const nothing = await as(owner.token).post(
      `/spaces/${space.id}/revisions/${two.revision}/revert`,
      {},
    );
    expect(nothing.status).toBe(409);
    const unknown = await as(owner.token).post(path, { page: "nope" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain("page");
    const bad = await as(owner.token).post(path, { page: 5 });
    expect(bad.status).toBe(400);
  });

  it("refuses a reader (403) and answers an outsider the same 404 as for nothing", async () => {
    const { reader, outsider, space, one } = await history();
    const path = `/spaces/${space.id}/revisions/${one.revision}/revert`;
    const refused = await as(reader.token).post(path, {});
    expect(refused.status).toBe(403);
    const theirs = await as(outsider.token).post(path, {});
    const none = await as(outsider.token).post(`/spaces/space_none/revisions/x/revert`, {});
    expect(theirs.status).toBe(404);
    expect(none.status).toBe(404);
    const missing = await as(reader.token).post(`/spaces/${space.id}/revisions/nope/revert`, {});
    expect(missing.status).toBe(404);
  });
});
