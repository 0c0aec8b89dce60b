import { beforeAll, describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeMember, makeOrg, type TestUser } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { createCr, postContent, seedThroughCr } from "../helpers/change-requests-factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { postForm, screenOf } from "../helpers/app-fetch";

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
