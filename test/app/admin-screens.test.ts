import { beforeAll, describe, expect, it } from "vitest";
import { postForm, screenOf } from "../helpers/app-fetch";
import { makeMember, makeOrg, type TestUser } from "../helpers/factories";
import { readMembership } from "../helpers/organizations-factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { makeSpace } from "../helpers/spaces-factories";

/**
 * The publishing and administration screens (app/src/screens/admin/) through the app's entry
 * and the real API: an admin creates a site, publishes a space in it, publishes it and makes a
 * share link; changes a member's role; creates a team. A reader sees the same screens without a
 * single admin form, and the API refuses the post anyway. In a browser: test-browser/admin.mjs.
 */

describe("the admin screens", () => {
  let orgId: string;
  let admin: TestSession;
  let reader: TestSession;
  let readerUser: TestUser;
  let spaceTitle: string;
  let spaceId: string;
  beforeAll(async () => {
    const { org, owner } = await makeOrg();
    orgId = org.id;
    readerUser = await makeMember(org.id, "read");
    const space = await makeSpace(org.id, owner);
    spaceTitle = space.title;
    spaceId = space.id;
    [admin, reader] = await Promise.all([
      makeSession(owner.user.id),
      makeSession(readerUser.user.id),
    ]);
  });

  it("creates a site with a space, publishes it and makes a share link", async () => {
    const list = await screenOf(admin, `/o/${orgId}/sites`);
    expect(list.res.status).toBe(200);
    expect(list.text).toContain('aria-label="New site"');
    expect(list.text).toContain(`<option value="${spaceId}">${spaceTitle}</option>`);
    const created = await postForm(admin, `/o/${orgId}/sites`, {
      title: "Handbook",
      visibility: "share-link",
      space: spaceId,
    });
    expect(created.res.status).toBe(303);
    const sitePath = created.res.headers.get("Location")?.split("?")[0] ?? "";
    expect(sitePath).toMatch(new RegExp(`^/o/${orgId}/sites/[\\w-]+$`));
    const site = await screenOf(admin, sitePath);
    expect(site.text).toContain(spaceTitle);
    expect(site.text).toContain(">Publish<");
    expect((await postForm(admin, `${sitePath}/publish`)).res.status).toBe(303);
    const link = await postForm(admin, `${sitePath}/share-links`, { name: "Partners" });
    expect(link.res.status).toBe(303);
    const after = await screenOf(admin, sitePath);
    expect(after.text).toContain('id="open-reader"');
    expect(after.text).toMatch(/class="a-share-url"[^>]*value="[^"]*\?share=/);
    // A reader sees the site, without any form that manages it; the API refuses anyway.
    const asReader = await screenOf(reader, sitePath);
    expect(asReader.res.status).toBe(200);
    expect(asReader.text).not.toMatch(/action="[^"]*\/(publish|unpublish|share-links|delete)"/);
    const refused = await postForm(reader, `${sitePath}/unpublish`);
    expect(refused.res.status).toBe(403);
    expect(refused.paths).toContain(
      `POST /v1/orgs/${orgId}/sites/${sitePath.split("/").pop()}/unpublish`,
    );
  });

  it("changes a member's role; a reader sees the list without role forms", async () => {
    const members = await screenOf(admin, `/o/${orgId}/settings/members`);
    expect(members.text).toContain(`role-${readerUser.user.id}`);
    const changed = await postForm(
      admin,
      `/o/${orgId}/settings/members/${readerUser.user.id}/role`,
      { role: "comment" },
    );
    expect(changed.res.status).toBe(303);
    expect((await readMembership(orgId, readerUser.user.id))?.role).toBe("comment");
    const asReader = await screenOf(reader, `/o/${orgId}/settings/members`);
    expect(asReader.res.status).toBe(200);
    expect(asReader.text).not.toContain("<select");
    expect(asReader.text).not.toContain('aria-label="Invite by e-mail"');
    const refused = await postForm(reader, `/o/${orgId}/settings/members/${admin.userId}/role`, {
      role: "read",
    });
    expect(refused.res.status).toBe(403);
  });

  it("creates a team and shows its page", async () => {
    const made = await postForm(admin, `/o/${orgId}/settings/teams`, { title: "Writers" });
    expect(made.res.status).toBe(303);
    const team = await screenOf(admin, made.res.headers.get("Location") ?? "");
    expect(team.text).toContain("<h1>Writers</h1>");
    expect(team.text).toContain('aria-label="Add a member"');
  });

  it("shows a refusal's reason on the screen, and the not-found of nothing to outsiders", async () => {
    const bad = await postForm(admin, `/o/${orgId}/settings/teams`, { title: "" });
    expect(bad.res.status).toBe(400);
    expect(bad.text).toContain('role="alert"');
    const outsider = await makeSession((await makeOrg()).owner.user.id);
    const hidden = await screenOf(outsider, `/o/${orgId}/sites`);
    const nothing = await screenOf(outsider, `/o/nothing-here/sites`);
    expect(hidden.res.status).toBe(404);
    expect(hidden.text).toBe(nothing.text);
    const signedOut = await screenOf({ ...admin, cookie: "" }, `/o/${orgId}/settings/members`);
    expect(signedOut.res.headers.get("Location")).toMatch(/^\/sign-in\?next=/);
  });
});
