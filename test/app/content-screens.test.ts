import { beforeAll, describe, expect, it } from "vitest";
import { commitChanges, makeContentSpace, reloadSpace } from "../helpers/content-factories";
import { reindexPages } from "../../src/services/search/indexer";
import { makeOrg } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { appFetch, asPerson, formOf, APP_ORIGIN } from "../helpers/app-fetch";
import { as } from "../helpers/api";
import { makeCollection } from "../helpers/collections-factories";
import { createCr } from "../helpers/change-requests-factories";
import { makeSite } from "../helpers/sites-factories";
import { makeSpec } from "../helpers/openapi-factories";
import { publishAndInstall } from "../helpers/integrations-factories";
import { testDb, type TestUser } from "../helpers/factories";

/**
 * The reading and organising screens (app/src/screens/org, space, revisions) through the app's
 * entry: what they show, that a person of another organization gets the same not-found as for a
 * nonexistent id (no title in the HTML), and how many API calls each screen makes; and every
 * `urls.app` the API answers (organization, collection, space, pages of main, a change request
 * and a revision, change request, revision, site and its preview, API spec, integration,
 * installation, search results) opens a screen, never "not in the app yet".
 */

describe("the content screens", () => {
  let session: TestSession;
  let outsider: TestSession;
  let orgId: string;
  let spaceId: string;
  let owner: TestUser;
  const secretTitle = "Quarterly Secret Plans";

  beforeAll(async () => {
    const made = await makeOrg({ title: "Acme Docs" });
    const org = made.org;
    owner = made.owner;
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

  it("opens a screen at every urls.app the API answers; an outsider gets the same not-found", async () => {
    const api = as(owner.token);
    const urls: string[] = [];
    const take = (body: { urls?: { app?: string; preview?: string } }) => {
      if (body.urls?.app) urls.push(body.urls.app);
      if (body.urls?.preview) urls.push(body.urls.preview);
    };
    take((await api.get(`/orgs/${orgId}`)).body);
    take((await api.get(`/collections/${(await makeCollection(orgId)).id}`)).body);
    take((await api.get(`/spaces/${spaceId}`)).body);
    const main = (await api.get(`/spaces/${spaceId}/content`)).body;
    take(main);
    take(main.pages[0]);
    const revision = (await api.get(`/spaces/${spaceId}/revisions/${main.id}`)).body;
    take(revision);
    take(revision.pages[0]);
    const cr = await createCr(owner, spaceId, "Walk the addresses");
    take((await api.get(`/spaces/${spaceId}/change-requests/${cr.id}`)).body);
    take((await api.get(`/spaces/${spaceId}/change-requests/${cr.id}/content`)).body.pages[0]);
    const site = await makeSite(orgId, owner, { spaces: [{ id: spaceId }] });
    take((await api.get(`/orgs/${orgId}/sites/${site.id}`)).body);
    take(await makeSpec(owner.token, orgId, "walk-spec"));
    const { integration, installation } = await publishAndInstall(owner.token, orgId);
    take(integration);
    take(installation);
    await reindexPages(testDb(), await reloadSpace(spaceId), []);
    const found = await api.get(`/orgs/${orgId}/search`, { query: { query: "Welcome" } });
    expect(found.body.items, found.text).toHaveLength(1);
    const hit = found.body.items[0];
    take(hit);
    take(hit.pages[0]);
    expect(urls, urls.join("\n")).toHaveLength(15);
    for (const url of new Set(urls)) {
      expect(url.startsWith(`${APP_ORIGIN}/`), url).toBe(true);
      const path = url.slice(APP_ORIGIN.length);
      const screen = await appFetch(path, asPerson(session));
      expect(screen.res.status, path).toBe(200);
      expect(screen.text, path).not.toContain("Not in the app yet");
      const theirs = await appFetch(path, asPerson(outsider));
      expect(theirs.res.status, path).toBe(404);
      expect(theirs.text, path).not.toContain(secretTitle);
      expect(theirs.text, path).not.toContain("Acme");
    }
  });
});
