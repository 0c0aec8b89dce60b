import { beforeAll, describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { commitChanges, mainPagesByTitle, makeContentSpace } from "../helpers/content-factories";
import { makeMember, makeOrg, type TestUser } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { APP_ORIGIN, appFetch, postForm, screenOf } from "../helpers/app-fetch";

/**
 * The history and revision screens (app/src/screens/revisions) through the app's entry: every
 * `urls.app` of a revision the API answers (the revision, its pages, the history's entries) opens
 * its screen; a space's history pages through the API's `next.page`; a page's history; a page as
 * it was, read-only; the revert as a confirmation then a change request; a reader sees history
 * but no revert (the API refuses it anyway); an outsider gets the same not-found as for nothing.
 */

describe("the history and revision screens", () => {
  let owner: TestUser;
  let session: TestSession;
  let reader: TestSession;
  let outsider: TestSession;
  let spaceId: string;
  let first: string;
  let second: string;
  let home: string;
  const secret = "Orbital schedule";

  beforeAll(async () => {
    const made = await makeOrg({ title: "Acme Docs" });
    owner = made.owner;
    session = await makeSession(owner.user.id);
    const space = await makeContentSpace(made.org.id, owner, secret);
    spaceId = space.id;
    first = (
      await commitChanges(spaceId, owner.user.id, [
        { operation: "insert_page", title: "Home", document: { markdown: "Version one.\n" } },
      ])
    ).revision;
    home = (await mainPagesByTitle(spaceId)).get("Home")!.pageId;
    second = (
      await commitChanges(spaceId, owner.user.id, [
        { operation: "update_page", page: home, document: { markdown: "Version two.\n" } },
        { operation: "insert_page", title: "Later", document: { markdown: "Later.\n" } },
      ])
    ).revision;
    reader = await makeSession((await makeMember(made.org.id, "read")).user.id);
    outsider = await makeSession((await makeOrg()).owner.user.id);
  });

  /** The app path of a URL the API answered for the app. */
  const local = (url: string) => {
    expect(url.startsWith(APP_ORIGIN)).toBe(true);
    return url.slice(APP_ORIGIN.length);
  };

  it("opens every urls.app of a revision the API answers: the revision, its pages, the history", async () => {
    const read = await as(owner.token).get(`/spaces/${spaceId}/revisions/${first}`);
    const revision = await screenOf(session, local(read.body.urls.app));
    expect(revision.res.status).toBe(200);
    expect(revision.text).toContain("What it changed");
    expect(revision.text).toContain(`href="/s/${spaceId}/~/revisions/${first}/home"`);
    const pageUrl = read.body.pages[0].urls.app;
    const page = await screenOf(session, local(pageUrl));
    expect(page.res.status).toBe(200);
    expect(page.text).toContain("Version one.");
    expect(page.text).not.toContain("Version two.");
    const list = await as(owner.token).get(`/spaces/${spaceId}/revisions`);
    for (const entry of list.body.items) {
      const shown = await screenOf(session, local(entry.urls.app));
      expect(shown.res.status, entry.urls.app).toBe(200);
    }
  });

  it("shows the space's history and a page's, newest first", async () => {
    const { res, text } = await screenOf(session, `/s/${spaceId}/~/revisions`);
    expect(res.status).toBe(200);
    expect(text).toContain("Every revision of main, newest first: 3.");
    expect(text.indexOf(`/~/revisions/${second}"`)).toBeLessThan(
      text.indexOf(`/~/revisions/${first}"`),
    );
    const page = await screenOf(session, `/s/${spaceId}/~/revisions?page=${home}`);
    expect(page.res.status).toBe(200);
    expect(page.text).toContain("History of Home");
    expect(page.text).toContain(`href="/s/${spaceId}/~/revisions/${second}"`);
    const space = await screenOf(session, `/s/${spaceId}/home`);
    expect(space.text).toContain(`href="/s/${spaceId}/~/revisions?page=${home}"`);
  });

  it("pages through a long history with the API's next.page", async () => {
    const made = await makeOrg();
    const mine = await makeSession(made.owner.user.id);
    const space = await makeContentSpace(made.org.id, made.owner);
    for (let i = 0; i < 31; i++) {
      await commitChanges(space.id, made.owner.user.id, [
        { operation: "insert_page", title: `Page ${i}`, document: { markdown: `${i}\n` } },
      ]);
    }
    const firstPage = await screenOf(mine, `/s/${space.id}/~/revisions`);
    const ids = (text: string) =>
      [...text.matchAll(/\/~\/revisions\/([A-Za-z0-9_-]+)"/g)].map((m) => m[1]);
    const older = /href="([^"]*after=[^"]+)"/.exec(firstPage.text)?.[1]?.replace(/&amp;/g, "&");
    expect(older).toBeDefined();
    const secondPage = await screenOf(mine, older!);
    expect(secondPage.res.status).toBe(200);
    const all = [...ids(firstPage.text), ...ids(secondPage.text)];
    expect(all).toHaveLength(32);
    expect(new Set(all).size).toBe(32);
    expect(secondPage.text).not.toContain("Older revisions");
  });

  it("reverts a page and the space through a confirmation, into a change request", async () => {
    const confirm = await screenOf(session, `/s/${spaceId}/~/revisions/${first}/~revert`);
    expect(confirm.res.status).toBe(200);
    expect(confirm.text).toContain("Open the change request");
    const opened = await postForm(session, `/s/${spaceId}/~/revisions/${first}/~revert`);
    expect(opened.res.status, opened.text).toBe(303);
    const location = opened.res.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/s/${spaceId}/~/changes/\\d+\\?done=reverted$`));
    const cr = await screenOf(session, location);
    expect(cr.text).toContain("Revert to the revision of");
    expect(cr.text).toContain("Later");
    const page = `/s/${spaceId}/~/revisions/${first}/~revert?page=${home}`;
    expect((await screenOf(session, page)).text).toContain("Restore &quot;Home&quot;");
    const restored = await postForm(session, page, { subject: "Bring back v1" });
    expect(restored.res.status).toBe(303);
    expect((await screenOf(session, restored.res.headers.get("Location")!)).text).toContain(
      "Bring back v1",
    );
  });

  it("shows the API's refusal on the confirmation: nothing to revert", async () => {
    const refused = await postForm(session, `/s/${spaceId}/~/revisions/${second}/~revert`);
    expect(refused.res.status).toBe(409);
    expect(refused.text).toContain('role="alert"');
    expect(refused.text).toContain("nothing to revert");
  });

  it("lets a reader read history and old pages, with no way to revert", async () => {
    const revision = await screenOf(reader, `/s/${spaceId}/~/revisions/${first}`);
    expect(revision.res.status).toBe(200);
    expect(revision.text).not.toContain("~revert");
    const page = await screenOf(reader, `/s/${spaceId}/~/revisions/${first}/home`);
    expect(page.text).toContain("Version one.");
    expect(page.text).not.toContain("~revert");
    const confirm = await screenOf(reader, `/s/${spaceId}/~/revisions/${first}/~revert`);
    expect(confirm.res.status).toBe(403);
    const posted = await postForm(reader, `/s/${spaceId}/~/revisions/${first}/~revert`);
    expect(posted.res.status).toBe(403);
  });

  it("answers an outsider the same not-found as for nothing, without the title", async () => {
    for (const path of [
      `/~/revisions`,
      `/~/revisions/${first}`,
      `/~/revisions/${first}/home`,
      `/~/revisions/${first}/~revert`,
    ]) {
      const theirs = await screenOf(outsider, `/s/${spaceId}${path}`);
      const nothing = await screenOf(outsider, `/s/space_nothing${path}`);
      expect(theirs.res.status, path).toBe(404);
      expect(theirs.text).toBe(nothing.text);
      expect(theirs.text).not.toContain(secret);
    }
    const missing = await screenOf(session, `/s/${spaceId}/~/revisions/${first}/no-such-page`);
    expect(missing.res.status).toBe(404);
    const signedOut = await appFetch(`/s/${spaceId}/~/revisions/${first}`);
    expect(signedOut.res.status).toBe(303);
  });
});
