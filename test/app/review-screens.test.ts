import { beforeAll, describe, expect, it } from "vitest";
import { makeMember, makeOrg, type TestUser } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import {
  createCr,
  postContent,
  seedThroughCr,
  crTree,
  mainTree,
  markdownOfHash,
  postMerge,
} from "../helpers/change-requests-factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { appFetch, formOf, postForm, screenOf, APP_ORIGIN } from "../helpers/app-fetch";
import { as } from "../helpers/api";
import { commitChanges, mainPagesByTitle, makeContentSpace } from "../helpers/content-factories";
import { emptyStorage } from "../helpers/storage";

/**
 * Reviewing a change request in the app (app/src/screens/changes): the diff view block by block,
 * reviewers asked and removed, reviews submitted (with a comment), the merge waiting for the
 * approvals the merge rules require, and comment threads — on the change request and on one block
 * of the diff — replied to, reacted to, edited, resolved, reopened and deleted, each form one API
 * call; a reader sees and cannot act; an outsider gets the same not-found as for nothing.
 */

/** The first match of `pattern` in `text` (the test fails without one). */
function match(text: string, pattern: RegExp): string {
  const found = pattern.exec(text);
  expect(found, String(pattern)).not.toBeNull();
  return found![1]!;
}

describe("change-request-screens", () => {
  /**
   * The change-request screens (app/src/screens/changes) through the app's entry: the list by
   * status, one change request with what it changes, the forms (start, rename, status, merge) as
   * one API call each, a refusal shown on the screen, the same not-found as for nothing for a
   * person who cannot see the space, and how many API calls each screen makes.
   */

  describe("the change-request screens", () => {
    let owner: TestUser;
    let session: TestSession;
    let reader: TestSession;
    let outsider: TestSession;
    let spaceId: string;
    let number: number;
    const secret = "Confidential roadmap";

    beforeAll(async () => {
      const made = await makeOrg({ title: "Acme Docs" });
      owner = made.owner;
      session = await makeSession(owner.user.id);
      const space = await makeSpace(made.org.id, owner);
      spaceId = space.id;
      const cr = await createCr(owner, spaceId, secret);
      number = cr.number;
      const content = await postContent(owner, spaceId, cr.id, [
        {
          operation: "insert_page",
          title: "Launch plan",
          document: { markdown: "# Plan\n\nSoon." },
        },
      ]);
      expect(content.status, content.text).toBe(200);
      const member = await makeMember(made.org.id, "read");
      reader = await makeSession(member.user.id);
      const other = await makeOrg();
      outsider = await makeSession(other.owner.user.id);
    });

    it("lists change requests by status, with the form to start one", async () => {
      // A change request starts as a draft (as GitBook's do): the open tab counts it under Draft.
      const open = await screenOf(session, `/s/${spaceId}/~/changes`);
      expect(open.res.status).toBe(200);
      expect(open.text).toContain("No open change requests.");
      expect(open.text).toContain("Draft (1)");
      const { res, text, paths } = await screenOf(session, `/s/${spaceId}/~/changes?status=draft`);
      expect(res.status).toBe(200);
      expect(text).toContain(secret);
      expect(text).toContain(`href="/s/${spaceId}/~/changes/${number}"`);
      expect(text).toContain(`action="/s/${spaceId}/~/changes"`);
      // The session, the space, then the frame's four reads beside the list.
      expect(paths).toHaveLength(7);
      const merged = await screenOf(session, `/s/${spaceId}/~/changes?status=merged`);
      expect(merged.text).toContain("No merged change requests.");
    });

    it("shows one change request: its state, its pages (linking into the editor) and actions", async () => {
      const { res, text, paths } = await screenOf(session, `/s/${spaceId}/~/changes/${number}`);
      expect(res.status).toBe(200);
      expect(text).toContain(secret);
      expect(text).toContain("Launch plan");
      expect(text).toContain(`href="/s/${spaceId}/~/changes/${number}/launch-plan"`);
      expect(text).toContain(`action="/s/${spaceId}/~/changes/${number}/merge"`);
      // The session; the space and the change request; the frame's four reads beside the changes,
      // reviews, requested reviewers, comments and the reviewer picker's members.
      expect(paths).toHaveLength(12);
    });

    it("offers a reader no actions, and refuses their form with the API's reason", async () => {
      const screen = await screenOf(reader, `/s/${spaceId}/~/changes/${number}`);
      expect(screen.res.status).toBe(200);
      expect(screen.text).not.toContain("/merge");
      const refused = await postForm(reader, `/s/${spaceId}/~/changes/${number}/subject`, {
        subject: "Mine now",
      });
      expect(refused.res.status).toBe(403);
      expect(refused.text).toContain('role="alert"');
    });

    it("answers an outsider the same not-found as for nothing, without the subject", async () => {
      const theirs = await screenOf(outsider, `/s/${spaceId}/~/changes/${number}`);
      const nothing = await screenOf(outsider, `/s/space_nothing/~/changes/1`);
      expect(theirs.res.status).toBe(404);
      expect(theirs.text).toBe(nothing.text);
      expect(theirs.text).not.toContain(secret);
      const list = await screenOf(outsider, `/s/${spaceId}/~/changes`);
      expect(list.res.status).toBe(404);
      expect(list.text).not.toContain(secret);
    });

    it("sends a signed-out browser to the sign-in, and refuses another site's form", async () => {
      const signedOut = await appFetch(`/s/${spaceId}/~/changes/${number}`);
      expect(signedOut.res.status).toBe(303);
      expect(signedOut.res.headers.get("Location")).toContain("/sign-in");
      const init = formOf(session, { subject: "x" });
      const headers = new Headers(init.headers);
      headers.set("Origin", "https://evil.example");
      const forged = await appFetch(`/s/${spaceId}/~/changes`, { ...init, headers });
      expect(forged.res.status).toBe(403);
      expect(forged.paths).toEqual([]);
    });

    it("starts, renames, readies, archives, reopens and merges through the forms", async () => {
      const started = await postForm(session, `/s/${spaceId}/~/changes`, { subject: "Typos" });
      expect(started.res.status).toBe(303);
      const location = started.res.headers.get("Location")!;
      expect(location).toMatch(new RegExp(`^/s/${spaceId}/~/changes/\\d+\\?done=created$`));
      const path = location.split("?")[0]!;
      const renamed = await postForm(session, `${path}/subject`, { subject: "Fix typos" });
      expect(renamed.res.headers.get("Location")).toBe(`${path}?done=renamed`);
      for (const status of ["draft", "open", "archived", "open"]) {
        const moved = await postForm(session, `${path}/status`, { status });
        expect(moved.res.status, moved.text).toBe(303);
      }
      const shown = await screenOf(session, `${path}?done=renamed`);
      expect(shown.text).toContain("Fix typos");
      expect(shown.text).toContain("Renamed.");
      const merged = await postForm(session, `${path}/merge`);
      expect(merged.res.headers.get("Location")).toBe(`${path}?done=merged`);
      const after = await screenOf(session, path);
      expect(after.text).toContain("Merged");
      expect(after.text).not.toContain(`action="${path}/merge"`);
    });

    it("shows a refused status change on the screen with the API's status", async () => {
      const refused = await postForm(session, `/s/${spaceId}/~/changes/${number}/status`, {
        status: "merged",
      });
      expect(refused.res.status).toBe(400);
      expect(refused.text).toContain('role="alert"');
      expect(refused.text).toContain(secret);
    });
  });
});

describe("change-request-review", () => {
  beforeAll(emptyStorage);
  describe("reviewing a change request in the app", () => {
    let owner: TestUser;
    let author: TestSession;
    let colleague: TestSession;
    let colleagueId: string;
    let reader: TestSession;
    let outsider: TestSession;
    let spaceId: string;
    let base: string;
    let crPath: string;
    let guideId: string;
    const secret = "Rewrite the guide";

    beforeAll(async () => {
      const made = await makeOrg({ title: "Review Co" });
      owner = made.owner;
      author = await makeSession(owner.user.id);
      const space = await makeSpace(made.org.id, owner);
      spaceId = space.id;
      const tree = await seedThroughCr(owner, spaceId, [
        {
          operation: "insert_page",
          title: "Guide",
          document: { markdown: "# Guide\n\nKeep this.\n\nChange this.\n\nDrop this." },
        },
        { operation: "insert_page", title: "Extra", document: { markdown: "Aside." } },
      ]);
      const pageId = tree.roots[0]!.row.pageId;
      guideId = pageId;
      const extraId = tree.roots[1]!.row.pageId;
      const cr = await createCr(owner, spaceId, secret);
      base = `/s/${spaceId}/~/changes/${cr.number}`;
      crPath = `/spaces/${spaceId}/change-requests/${cr.id}`;
      const content = await postContent(owner, spaceId, cr.id, [
        {
          operation: "update_page",
          page: pageId,
          document: { markdown: "# Guide\n\nKeep this.\n\nChanged, now.\n\nA new block." },
        },
        { operation: "update_page", page: extraId, into: pageId },
      ]);
      expect(content.status, content.text).toBe(200);
      const member = await makeMember(made.org.id, "review");
      colleagueId = member.user.id;
      colleague = await makeSession(member.user.id);
      reader = await makeSession((await makeMember(made.org.id, "read")).user.id);
      outsider = await makeSession((await makeOrg()).owner.user.id);
    });

    it("shows the diff block by block, labelled, with a comment form per block", async () => {
      const note = await as(owner.token).post(`${crPath}/comments`, {
        page: guideId,
        body: { markdown: "A note on the whole page." },
      });
      expect(note.status, note.text).toBe(200);
      const { res, text, paths } = await screenOf(colleague, `${base}/~/diff`);
      expect(text).toContain("Other comments on pages");
      expect(text).toContain("A note on the whole page.");
      expect(res.status, text).toBe(200);
      expect(text).toContain("Moved from the top level to Guide.");
      // The session; the space and the change request; the frame's four reads beside the changes,
      // the tree and the comments; main's and the change request's edited page (the moved one is
      // not read).
      expect(paths).toHaveLength(12);
      expect(text).toContain("Guide");
      expect(text).toMatch(/class="a-diff-label">Added</);
      expect(text).toMatch(/class="a-diff-label">Removed</);
      expect(text).toContain("<ins");
      expect(text).toContain("<del");
      expect(text).toContain("Drop this.");
      expect(text).toContain("A new block.");
      expect(text).toContain("Comment on this block");
      expect(text).toContain(`action="${base}/comments?from=diff"`);
      const one = await screenOf(colleague, base);
      expect(one.text).toContain(`href="${base}/~/diff"`);
    });

    it("asks a colleague to review, removes and asks again through the picker", async () => {
      const screen = await screenOf(author, `${base}?who=`);
      expect(screen.text).toContain(`action="${base}/reviewers"`);
      expect(screen.text).toContain(`value="${colleagueId}"`);
      const asked = await postForm(author, `${base}/reviewers`, { user: colleagueId });
      expect(asked.res.headers.get("Location")).toBe(`${base}?done=asked`);
      const shown = await screenOf(author, `${base}?done=asked`);
      expect(shown.text).toContain("Review requested.");
      expect(shown.text).toContain(`action="${base}/reviewers/${colleagueId}/remove"`);
      const removed = await postForm(author, `${base}/reviewers/${colleagueId}/remove`);
      expect(removed.res.headers.get("Location")).toBe(`${base}?done=unasked`);
      const again = await postForm(author, `${base}/reviewers`, { user: colleagueId });
      expect(again.res.status).toBe(303);
    });

    it("comments on a block from the diff; replies, reacts, edits, resolves, reopens, deletes", async () => {
      const diff = await screenOf(colleague, `${base}/~/diff`);
      const node = match(diff.text, /name="node" value="([^"]+)"/);
      const page = match(diff.text, /name="page" value="([^"]+)"/);
      const posted = await postForm(colleague, `${base}/comments?from=diff`, {
        body: "Is **this** right?",
        page,
        node,
      });
      expect(posted.res.headers.get("Location")).toBe(`${base}/~/diff?done=commented`);
      const after = await screenOf(colleague, `${base}/~/diff?done=commented`);
      expect(after.text).toContain("Comment posted.");
      expect(after.text).toContain("<strong>this</strong>");
      const commentId = match(after.text, /id="comment-([^"]+)"/);
      const path = `${base}/comments/${commentId}`;
      const steps: Array<[string, Record<string, string>, string]> = [
        [`${path}/replies`, { body: "Yes, <script>x</script> fine." }, "replied"],
        [`${path}/react`, { reaction: "add:👍" }, "reacted"],
        [`${path}/edit`, { body: "Is this right now?" }, "edited"],
        [`${path}/resolve`, { resolved: "true" }, "resolved"],
      ];
      for (const [at, fields, done] of steps) {
        const res = await postForm(colleague, at, fields);
        expect(res.res.headers.get("Location"), res.text).toBe(`${base}?done=${done}`);
      }
      const one = await screenOf(colleague, base);
      expect(one.text).toContain("Is this right now?");
      expect(one.text).toContain("Resolved by");
      expect(one.text).toContain("👍 1");
      expect(one.text).not.toContain("<script>x</script>");
      expect(one.text).toContain(`href="${base}/~/diff#comment-${commentId}"`);
      const reopened = await postForm(colleague, `${path}/resolve`, { resolved: "false" });
      expect(reopened.res.status).toBe(303);
      // The author sees the thread and may reply, but not edit someone else's comment.
      const theirs = await screenOf(author, base);
      expect(theirs.text).toContain(`action="${path}/replies"`);
      expect(theirs.text).not.toContain(`action="${path}/edit"`);
      const forged = await postForm(author, `${path}/edit`, { body: "Mine now" });
      expect(forged.res.status).toBe(403);
      expect(forged.text).toContain('role="alert"');
      const general = await postForm(author, `${base}/comments`, { body: "Ready for a look." });
      expect(general.res.headers.get("Location")).toBe(`${base}?done=commented`);
      const deleted = await postForm(colleague, `${path}/delete`);
      expect(deleted.res.headers.get("Location")).toBe(`${base}?done=deleted`);
      const gone = await screenOf(colleague, base);
      expect(gone.text).not.toContain("Is this right now?");
      expect(gone.text).toContain("Ready for a look.");
    });

    it("waits for the approval the merge rules require, then merges", async () => {
      const rules = {
        type: "rules",
        rules: [{ rule: "require_specific_reviewers", users: [colleagueId] }],
      };
      const patched = await as(owner.token).patch(`/spaces/${spaceId}`, { mergeRules: rules });
      expect(patched.status, patched.text).toBe(200);
      const waiting = await screenOf(author, base);
      expect(waiting.text).toContain('id="cr-merge-waits"');
      expect(waiting.text).toContain("before this change request can merge");
      expect(waiting.text).not.toContain(`action="${base}/merge"`);
      // The author may not review their own change request: no form, and the API refuses.
      expect(waiting.text).not.toContain(`action="${base}/reviews"`);
      const own = await postForm(author, `${base}/reviews`, { status: "approved" });
      expect(own.res.status).toBe(403);
      const refused = await postForm(author, `${base}/merge`);
      expect(refused.res.status).toBe(409);
      const form = await screenOf(colleague, base);
      expect(form.text).toContain(`action="${base}/reviews"`);
      const reviewed = await postForm(colleague, `${base}/reviews`, {
        status: "approved",
        comment: "Looks *good*.",
      });
      expect(reviewed.res.headers.get("Location"), reviewed.text).toBe(`${base}?done=reviewed`);
      const ready = await screenOf(author, base);
      expect(ready.text).toContain("Approved");
      expect(ready.text).toContain("<em>good</em>");
      expect(ready.text).toContain("review: Approved");
      expect(ready.text).not.toContain('id="cr-merge-waits"');
      const merged = await postForm(author, `${base}/merge`);
      expect(merged.res.headers.get("Location")).toBe(`${base}?done=merged`);
    });

    it("shows a reader the review, with no form, and refuses their post", async () => {
      const { res, text } = await screenOf(reader, base);
      expect(res.status).toBe(200);
      expect(text).toContain("Reviews");
      expect(text).not.toContain(`action="${base}/comments"`);
      expect(text).not.toContain(`action="${base}/reviews"`);
      expect(text).not.toContain(`action="${base}/reviewers"`);
      const diff = await screenOf(reader, `${base}/~/diff`);
      expect(diff.res.status).toBe(200);
      expect(diff.text).not.toContain("Comment on this block");
      const refused = await postForm(reader, `${base}/comments?from=diff`, { body: "Hi" });
      expect(refused.res.status).toBe(403);
      expect(refused.text).toContain('role="alert"');
      expect(refused.text).toContain("Diff");
    });

    it("answers an outsider's diff the same not-found as for nothing", async () => {
      const theirs = await screenOf(outsider, `${base}/~/diff`);
      const nothing = await screenOf(outsider, `/s/space_nothing/~/changes/1/~/diff`);
      expect(theirs.res.status).toBe(404);
      expect(theirs.text).toBe(nothing.text);
      expect(theirs.text).not.toContain(secret);
    });
  });
});

describe("change-request-conflicts", () => {
  beforeAll(emptyStorage);
  /**
   * The conflicts of "update from main" in the app (app/src/screens/changes/conflicts-*): the
   * update form answers a conflict with each conflicting block, main's and mine side by side and
   * labelled, and a keep main / keep mine / both radio group; the choices post as one form and
   * the change request lands as chosen.
   */

  describe("the conflicts screen of update from main", () => {
    it("shows each conflict block by block and applies the chosen side", async () => {
      const made = await makeOrg({ title: "Acme Docs" });
      const owner = made.owner;
      const session = await makeSession(owner.user.id);
      const space = await makeSpace(made.org.id, owner);
      const seed = await createCr(owner, space.id);
      const seeded = await postContent(owner, space.id, seed.id, [
        { operation: "insert_page", title: "Guide", document: { markdown: "Intro.\n\nBody.\n" } },
      ]);
      expect(seeded.status, seeded.text).toBe(200);
      expect((await postMerge(owner, space.id, seed.id)).status).toBe(200);
      const page = (await mainTree(space.id)).roots[0]!.row.pageId;
      const mine = await createCr(owner, space.id, "Mine");
      await postContent(owner, space.id, mine.id, [
        { operation: "update_page", page, document: { markdown: "Intro, by me.\n\nBody.\n" } },
      ]);
      const other = await createCr(owner, space.id);
      await postContent(owner, space.id, other.id, [
        { operation: "update_page", page, document: { markdown: "Intro, on main.\n\nBody.\n" } },
      ]);
      expect((await postMerge(owner, space.id, other.id)).status).toBe(200);
      const base = `/s/${space.id}/~/changes/${mine.number}`;
      const refused = await postForm(session, `${base}/update`);
      expect(refused.res.status).toBe(409);
      const text = refused.text;
      expect(text).toContain('role="alert"');
      expect(text).toContain("Main&#39;s version");
      expect(text).toContain("My version (this change request)");
      expect(text).toContain("Intro, on main.");
      expect(text).toContain("Intro, by me.");
      expect(text).toContain(`action="${base}/~/conflicts"`);
      for (const value of ["main", "mine", "both"])
        expect(text).toContain(`name="take.0" value="${value}"`);
      const block = /name="block\.0" value="([^"]+)"/.exec(text)?.[1];
      expect(block).toBeDefined();
      const screen = await screenOf(session, `${base}/~/conflicts`);
      expect(screen.res.status).toBe(200);
      expect(screen.text).toContain("1 conflict between main and this change request");
      const done = await postForm(session, `${base}/~/conflicts`, {
        count: "1",
        "page.0": page,
        "block.0": block!,
        "take.0": "both",
      });
      expect(done.res.status, done.text).toBe(303);
      expect(done.res.headers.get("Location")).toBe(`${base}?done=updated`);
      const row = (await crTree(space.id, mine.id)).byId.get(page)!.row;
      expect(await markdownOfHash(row.documentHash)).toBe(
        "Intro, on main.\n\nIntro, by me.\n\nBody.\n",
      );
      const clean = await screenOf(session, `${base}/~/conflicts`);
      expect(clean.text).toContain("No conflicts");
    });
  });
});

describe("revision-screens", () => {
  beforeAll(emptyStorage);
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
});
