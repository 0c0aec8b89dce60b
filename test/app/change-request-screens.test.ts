import { beforeAll, describe, expect, it } from "vitest";
import { makeMember, makeOrg, type TestUser } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { createCr, postContent } from "../helpers/change-requests-factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { appFetch, formOf, postForm, screenOf } from "../helpers/app-fetch";

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
      { operation: "insert_page", title: "Launch plan", document: { markdown: "# Plan\n\nSoon." } },
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
