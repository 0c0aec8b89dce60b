import { beforeAll, describe, expect, it } from "vitest";
import { commitChanges, makeContentSpace } from "../helpers/content-factories";
import { makeOrg } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { appFetch, asPerson } from "../helpers/app-fetch";

/**
 * The space and page screens (app/src/screens/space) through the app's entry: the page tree with
 * the current page marked, breadcrumbs, title, description and the document rendered by the
 * shared renderer (core/render); the same not-found for a space the person cannot see as for
 * none (no title in the HTML); the sign-in when signed out; and the API calls each screen makes.
 */

describe("the space and page screens", () => {
  let session: TestSession;
  let outsider: TestSession;
  let spaceId: string;
  const secretTitle = "Launch Runbook";

  beforeAll(async () => {
    const { org, owner } = await makeOrg({ title: "Acme Docs" });
    session = await makeSession(owner.user.id);
    const space = await makeContentSpace(org.id, owner, secretTitle);
    spaceId = space.id;
    await commitChanges(space.id, owner.user.id, [
      {
        operation: "insert_page",
        ref: "start",
        title: "Getting started",
        description: "The first steps.",
        document: { markdown: "# Hello\n\nWelcome **aboard**.\n" },
      },
      {
        operation: "insert_page",
        into: "start",
        title: "Install",
        emoji: "🚀",
        description: "How to install it.",
        document: {
          markdown:
            "Read [the start](../).\n\n<details>\n\n<summary>Secret sauce</summary>\n\nInside.\n\n</details>\n\n```js\nconst a = 1;\n```\n",
        },
      },
      { operation: "insert_page", ref: "group", type: "group", title: "Reference", document: {} },
      {
        operation: "insert_page",
        into: "group",
        title: "Limits",
        document: { markdown: "Ten of each.\n" },
      },
      {
        operation: "insert_page",
        title: "Notes",
        hidden: true,
        document: { markdown: "Psst.\n" },
      },
    ]);
    const other = await makeOrg();
    outsider = await makeSession(other.owner.user.id);
  });

  it("shows a space's page tree and its first page, in the workspace frame", async () => {
    const { res, text, paths } = await appFetch(`/s/${spaceId}`, asPerson(session));
    expect(res.status).toBe(200);
    expect(text).toContain('id="ws-nav"');
    expect(text).toContain(`aria-label="Pages of ${secretTitle}"`);
    expect(text).toContain("<h1>Getting started</h1>");
    expect(text).toContain("The first steps.");
    expect(text).toContain("Welcome <strong>aboard</strong>.");
    // The tree: every page, the first one current, the hidden one labelled.
    expect(text).toMatch(
      new RegExp(`<a href="/s/${spaceId}/getting-started" aria-current="page">Getting started`),
    );
    expect(text).toContain(`href="/s/${spaceId}/getting-started/install"`);
    expect(text).toContain('<span class="a-sp-group">Reference</span>');
    expect(text).toMatch(/Notes<span class="a-meta"> \(hidden\)<\/span>/);
    // The person; the space and its revision; the frame's four reads and the page, in parallel.
    expect(paths).toEqual([
      "GET /v1/user",
      `GET /v1/spaces/${spaceId}`,
      `GET /v1/spaces/${spaceId}/content`,
      ...paths.slice(3, 8),
    ]);
    expect(paths).toHaveLength(8);
  });

  it("shows a page by its path with breadcrumbs, the shared renderer's blocks and its contents", async () => {
    const { res, text, paths } = await appFetch(
      `/s/${spaceId}/getting-started/install`,
      asPerson(session),
    );
    expect(res.status).toBe(200);
    expect(text).toContain("<h1><span");
    expect(text).toContain("Install</h1>");
    expect(text).toContain("How to install it.");
    expect(text).toMatch(
      new RegExp(
        `<nav class="a-sp-crumbs" aria-label="Breadcrumbs"><ol><li><a href="/s/${spaceId}">${secretTitle}</a></li><li><a href="/s/${spaceId}/getting-started">Getting started</a></li><li><span aria-current="page">Install</span></li>`,
      ),
    );
    expect(text).toMatch(
      new RegExp(`<a href="/s/${spaceId}/getting-started/install" aria-current="page">`),
    );
    // The expandable with its anchor (issue 33) and highlighted code, from core/render.
    expect(text).toContain('<details class="q-expandable" id="secret-sauce">');
    expect(text).toContain('<span class="q-line">');
    expect(paths).toHaveLength(8);
    expect(
      paths.filter((p) => p.startsWith(`GET /v1/spaces/${spaceId}/content/page/`)),
    ).toHaveLength(1);
  });

  it("opens a group at its first page, and a page's on-page contents list its headings", async () => {
    const group = await appFetch(`/s/${spaceId}/reference`, asPerson(session));
    expect(group.res.status).toBe(200);
    expect(group.text).toContain("<h1>Limits</h1>");
    expect(group.text).toContain("Ten of each.");
    const first = await appFetch(`/s/${spaceId}/getting-started`, asPerson(session));
    expect(first.text).toContain('<nav class="a-sp-toc" aria-label="On this page">');
    expect(first.text).toContain('href="#hello"');
  });

  it("answers a path with no page the not-found", async () => {
    const { res, text } = await appFetch(`/s/${spaceId}/no/such/page`, asPerson(session));
    expect(res.status).toBe(404);
    expect(text).toContain("Page not found");
  });

  it("answers another organization's person the same not-found as for nothing", async () => {
    for (const path of ["", "/getting-started", "/getting-started/install"]) {
      const theirs = await appFetch(`/s/${spaceId}${path}`, asPerson(outsider));
      const nothing = await appFetch(`/s/space_nothing_here${path}`, asPerson(outsider));
      expect(theirs.res.status).toBe(404);
      expect(nothing.res.status).toBe(404);
      expect(theirs.text).toBe(nothing.text);
      expect(theirs.text).not.toContain(secretTitle);
      expect(theirs.text).not.toContain("Getting started");
    }
  });

  it("sends a signed-out browser to the sign-in, coming back to the page", async () => {
    const { res, paths } = await appFetch(`/s/${spaceId}/getting-started`);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(
      `/sign-in?next=${encodeURIComponent(`/s/${spaceId}/getting-started`)}`,
    );
    expect(paths).toEqual([]);
  });

  it("leaves revisions to their screens, and what is not built under ~/ to its answer", async () => {
    const revision = await appFetch(`/s/${spaceId}/~/revisions/1`, asPerson(session));
    expect(revision.res.status).toBe(404);
    expect(revision.text).not.toContain("Not in the app yet");
    const { res, text } = await appFetch(`/s/${spaceId}/~/not-yet/1`, asPerson(session));
    expect(res.status).toBe(404);
    expect(text).toContain("Not in the app yet");
  });
});
