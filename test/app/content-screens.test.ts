import { beforeAll, describe, expect, it } from "vitest";
import { commitChanges, makeContentSpace } from "../helpers/content-factories";
import { makeOrg } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { appFetch, asPerson, formOf } from "../helpers/app-fetch";

/**
 * The reading and organising screens (app/src/screens/org, space, revisions) through the app's
 * entry: what they show, that a person of another organization gets the same not-found as for a
 * nonexistent id (no title in the HTML), and how many API calls each screen makes.
 */

describe("the content screens", () => {
  let session: TestSession;
  let outsider: TestSession;
  let orgId: string;
  let spaceId: string;
  const secretTitle = "Quarterly Secret Plans";

  beforeAll(async () => {
    const { org, owner } = await makeOrg({ title: "Acme Docs" });
    orgId = org.id;
    session = await makeSession(owner.user.id);
    const space = await makeContentSpace(org.id, owner, secretTitle);
    spaceId = space.id;
    await commitChanges(space.id, owner.user.id, [
      {
        operation: "insert_page",
        title: "Getting started",
        document: { markdown: "# Hello\n\nWelcome aboard." },
      },
      {
        operation: "insert_page",
        title: "Hidden notes",
        hidden: true,
        document: { markdown: "Psst." },
      },
    ]);
    const other = await makeOrg();
    outsider = await makeSession(other.owner.user.id);
  });

  it("shows the organization home with its spaces, in the workspace frame", async () => {
    const { res, text, paths: calls } = await appFetch(`/o/${orgId}`, asPerson(session));
    expect(res.status).toBe(200);
    expect(text).toContain("Acme Docs");
    expect(text).toContain(secretTitle);
    expect(text).toContain('id="ws-nav"');
    expect(text).toContain(`action="/o/${orgId}/search"`);
    // The person, then the frame's four reads in one parallel wave.
    expect(calls).toHaveLength(5);
  });

  it("answers another organization's person the same not-found as for nothing", async () => {
    const theirs = await appFetch(`/o/${orgId}`, asPerson(outsider));
    const nothing = await appFetch(`/o/org_nothing_here`, asPerson(outsider));
    expect(theirs.res.status).toBe(404);
    expect(nothing.res.status).toBe(404);
    expect(theirs.text).toBe(nothing.text);
    expect(theirs.text).not.toContain("Acme");
    const space = await appFetch(`/s/${spaceId}`, asPerson(outsider));
    expect(space.res.status).toBe(404);
    expect(space.text).not.toContain(secretTitle);
  });

  it("creates a collection and a space in it with the forms", async () => {
    const made = await appFetch(`/o/${orgId}/collections`, formOf(session, { title: "Guides" }));
    expect(made.res.status).toBe(303);
    const collectionPath = made.res.headers.get("Location")!;
    expect(collectionPath).toMatch(new RegExp(`^/o/${orgId}/c/`));
    const collectionId = collectionPath.split("/").pop()!;
    const space = await appFetch(
      `/o/${orgId}/spaces`,
      formOf(session, { title: "Handbook", parent: collectionId }),
    );
    expect(space.res.status).toBe(303);
    const page = await appFetch(collectionPath, asPerson(session));
    expect(page.res.status).toBe(200);
    expect(page.text).toContain("Handbook");
  });
});
