import { beforeAll, describe, expect, it } from "vitest";
import { makeContentSpace, proposeChanges } from "../helpers/content-factories";
import { makeMember, makeOrg } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { postForm, screenOf } from "../helpers/app-fetch";
import { as } from "../helpers/api";

/**
 * The page settings form of the edit screen (app/src/screens/editor/settings-view.tsx) through
 * the app's entry: the page's values shown, a save as one `update_page` (title, emoji, icon,
 * description, slug, hidden) then the edit screen at the page's new path saying so, a refused
 * field (a slug a sibling has, an invalid one) shown under that field with what was typed,
 * and no form for a reader (whose post the API refuses anyway).
 */

describe("the page settings of the edit screen", () => {
  let session: TestSession;
  let reader: TestSession;
  let token: string;
  let spaceId: string;
  let number: number;
  let pageId: string;

  beforeAll(async () => {
    const { org, owner } = await makeOrg({ title: "Acme Docs" });
    session = await makeSession(owner.user.id);
    token = owner.token;
    const space = await makeContentSpace(org.id, owner, "Handbook");
    spaceId = space.id;
    const cr = await proposeChanges(space.id, owner.user.id, [
      { operation: "insert_page", title: "Install", document: { markdown: "Steps." } },
      { operation: "insert_page", title: "Usage", document: { markdown: "Use." } },
    ]);
    number = cr.number;
    const read = await as(token).get(
      `/spaces/${spaceId}/change-requests/${number}/content/path/install`,
    );
    pageId = read.body.id;
    reader = await makeSession((await makeMember(org.id, "read")).user.id);
  });

  const base = () => `/s/${spaceId}/~/changes/${number}`;
  const action = () => `${base()}/~/settings/${pageId}`;
  const fields = (over: Record<string, string>) => ({
    path: "install",
    title: "Install",
    emoji: "",
    icon: "",
    description: "",
    slug: "install",
    ...over,
  });

  it("shows the page's settings in a form posting to the app", async () => {
    const { res, text } = await screenOf(session, `${base()}/install`);
    expect(res.status, text).toBe(200);
    expect(text).toContain("<summary>Page settings</summary>");
    expect(text).toContain(`action="${action()}"`);
    expect(text).toContain('name="slug" type="text" value="install"');
    expect(text).toContain('name="hidden" value="yes"');
  });

  it("saves every setting in one update_page, then shows the page at its new path", async () => {
    const saved = await postForm(
      session,
      action(),
      fields({
        title: "Installing",
        emoji: "🚀",
        icon: "rocket",
        description: "How to install",
        slug: "installing",
        hidden: "yes",
      }),
    );
    expect(saved.res.status, saved.text).toBe(303);
    expect(saved.res.headers.get("Location")).toBe(`${base()}/installing?done=settings`);
    expect(saved.paths).toContain(`POST /v1/spaces/${spaceId}/change-requests/${number}/content`);
    const page = await as(token).get(
      `/spaces/${spaceId}/change-requests/${number}/content/page/${pageId}`,
    );
    expect(page.body).toMatchObject({
      title: "Installing",
      emoji: "1f680",
      icon: "rocket",
      description: "How to install",
      slug: "installing",
      hidden: true,
      path: "installing",
    });
    const shown = await screenOf(session, `${base()}/installing?done=settings`);
    expect(shown.text).toContain("Page settings saved.");
    expect(shown.text).toContain('name="emoji" type="text" value="🚀"');
    expect(shown.text).toMatch(/name="hidden" value="yes" checked/);
  });

  it("shows a slug a sibling has under the slug field, keeping what was typed", async () => {
    const taken = await postForm(
      session,
      action(),
      fields({ path: "installing", title: "Kept title", slug: "usage" }),
    );
    expect(taken.res.status).toBe(400);
    expect(taken.text).toContain('id="f-slug-error"');
    expect(taken.text).toContain("already used by a sibling page");
    expect(taken.text).toContain('value="Kept title"');
    expect(taken.text).toMatch(/<details class="q-ed-settings" open/);
    const invalid = await postForm(
      session,
      action(),
      fields({ path: "installing", slug: "Not A Slug" }),
    );
    expect(invalid.res.status).toBe(400);
    expect(invalid.text).toContain('id="f-slug-error"');
    expect(invalid.text).toContain("lowercase letters and digits");
    const untitled = await postForm(session, action(), fields({ path: "installing", title: "" }));
    expect(untitled.res.status).toBe(400);
    expect(untitled.text).toContain('id="f-title-error"');
  });

  it("offers a reader no settings, and the API refuses their post", async () => {
    const { text } = await screenOf(reader, `${base()}/installing`);
    expect(text).not.toContain("Page settings");
    const refused = await postForm(reader, action(), fields({ path: "installing", title: "Mine" }));
    expect(refused.res.status).toBe(403);
  });
});
