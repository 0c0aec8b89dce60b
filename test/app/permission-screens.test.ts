import { beforeAll, describe, expect, it } from "vitest";
import { postForm, screenOf } from "../helpers/app-fetch";
import { makeMember, makeOrg, type TestUser } from "../helpers/factories";
import { makeBareTeam, makeCollection } from "../helpers/collections-factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { grantsOnSpace, makeSpace, readSpace } from "../helpers/spaces-factories";
import { makeSite } from "../helpers/sites-factories";

/**
 * The permissions screens (app/src/screens/permissions) through the app's entry and the real
 * API: an admin finds a member and invites them, invites a team, changes a role, removes, sets
 * the default level, on a space and on a collection (and, without a default level, on a site);
 * a reader sees who has access without a
 * form and the API refuses their post; an outsider gets the same 404 as for nothing.
 */

describe("the permissions screens", () => {
  let orgId: string;
  let admin: TestSession;
  let reader: TestSession;
  let outsider: TestSession;
  let guest: TestUser;
  let teamId: string;
  let spaceId: string;
  let collectionId: string;
  let siteId: string;
  let readerId: string;
  const secret = "Payroll Handbook";

  beforeAll(async () => {
    const { org, owner } = await makeOrg();
    orgId = org.id;
    const readerUser = await makeMember(orgId, "read");
    guest = await makeMember(orgId, null);
    teamId = await makeBareTeam(orgId, [readerUser.user.id]);
    collectionId = (await makeCollection(orgId)).id;
    spaceId = (await makeSpace(orgId, owner, { title: secret })).id;
    siteId = (await makeSite(orgId, owner, { title: "Handbook site" })).id;
    readerId = readerUser.user.id;
    [admin, reader, outsider] = await Promise.all([
      makeSession(owner.user.id),
      makeSession(readerUser.user.id),
      makeSession((await makeOrg()).owner.user.id),
    ]);
  });

  it("finds a member, invites them and a team, changes a role, removes, sets the default", async () => {
    const path = `/s/${spaceId}/~/permissions`;
    const first = await screenOf(admin, path);
    expect(first.res.status).toBe(200);
    expect(first.text).toContain("Who has access");
    expect(first.text).toContain("organization role");
    const found = await screenOf(admin, `${path}?find=${encodeURIComponent(guest.user.email)}`);
    expect(found.text).toContain(`value="user:${guest.user.id}"`);
    const invited = await postForm(admin, `${path}/invite`, {
      who: `user:${guest.user.id}`,
      role: "edit",
    });
    expect(invited.res.status).toBe(303);
    expect(invited.paths).toContain(`POST /v1/spaces/${spaceId}/permissions`);
    const team = await postForm(admin, `${path}/invite`, { who: `team:${teamId}`, role: "review" });
    expect(team.res.status).toBe(303);
    const after = await screenOf(admin, invited.res.headers.get("Location") ?? path);
    expect(after.text).toContain("they have the role now");
    expect(after.text).toContain("invited");
    expect(after.text).toContain("through a team");
    const role = await postForm(admin, `${path}/users/${guest.user.id}/role`, { role: "comment" });
    expect(role.res.status).toBe(303);
    expect((await grantsOnSpace(spaceId)).map((g) => g.role).sort()).toEqual(["comment", "review"]);
    expect((await postForm(admin, `${path}/teams/${teamId}/remove`)).res.status).toBe(303);
    expect(await grantsOnSpace(spaceId)).toHaveLength(1);
    const level = await postForm(admin, `${path}/default`, { level: "none" });
    expect(level.res.status).toBe(303);
    expect((await readSpace(spaceId))?.defaultLevel).toBeNull();
    const bad = await postForm(admin, `${path}/invite`, { who: "user:nobody", role: "read" });
    expect(bad.res.status).toBe(400);
    expect(bad.text).toContain("not a member of this organization");
  });

  it("a collection's screen has the same forms", async () => {
    const path = `/o/${orgId}/c/${collectionId}/permissions`;
    const invited = await postForm(admin, `${path}/invite`, {
      who: `user:${guest.user.id}`,
      role: "create",
    });
    expect(invited.res.status).toBe(303);
    expect(invited.paths).toContain(`POST /v1/collections/${collectionId}/permissions`);
    const shown = await screenOf(admin, path);
    expect(shown.text).toContain(`action="${path}/users/${guest.user.id}/remove"`);
    expect((await screenOf(admin, `/o/${orgId}/c/${collectionId}`)).text).toContain(
      `href="${path}"`,
    );
  });

  it("a reader sees who has access without a form; an outsider gets 404", async () => {
    await postForm(admin, `/s/${spaceId}/~/permissions/default`, { level: "inherit" });
    const path = `/s/${spaceId}/~/permissions`;
    const asReader = await screenOf(reader, path);
    expect(asReader.res.status).toBe(200);
    expect(asReader.text).toContain("Who has access");
    expect(asReader.text).not.toMatch(/action="[^"]*\/(invite|role|remove|default)"/);
    const refused = await postForm(reader, `${path}/invite`, {
      who: `user:${guest.user.id}`,
      role: "admin",
    });
    expect(refused.res.status).toBe(403);
    const asOutsider = await screenOf(outsider, path);
    expect(asOutsider.res.status).toBe(404);
    expect(asOutsider.text).not.toContain(secret);
    expect((await screenOf(outsider, `/s/no-such-space/~/permissions`)).res.status).toBe(404);
  });

  it("a site's screen: invite a member, who then manages the site; no default level", async () => {
    const path = `/o/${orgId}/sites/${siteId}/permissions`;
    expect((await screenOf(admin, `/o/${orgId}/sites/${siteId}`)).text).toContain(`href="${path}"`);
    const first = await screenOf(admin, path);
    expect(first.res.status).toBe(200);
    expect(first.text).toContain("Permissions of Handbook site");
    expect(first.text).not.toContain(`action="${path}/default"`);
    const refused = await postForm(reader, `${path}/invite`, {
      who: `user:${readerId}`,
      role: "admin",
    });
    expect(refused.res.status).toBe(403);
    const invited = await postForm(admin, `${path}/invite`, {
      who: `user:${readerId}`,
      role: "admin",
    });
    expect(invited.res.status).toBe(303);
    expect(invited.paths).toContain(`POST /v1/orgs/${orgId}/sites/${siteId}/permissions`);
    const asReader = await screenOf(reader, path);
    expect(asReader.text).toContain(`action="${path}/users/${readerId}/remove"`);
    expect(asReader.text).toContain("admin · invited");
    const guestInvite = await postForm(admin, `${path}/invite`, {
      who: `user:${guest.user.id}`,
      role: "read",
    });
    expect(guestInvite.res.status).toBe(400);
    expect(guestInvite.text).toContain("has no access to sites");
    expect((await postForm(admin, `${path}/users/${readerId}/remove`)).res.status).toBe(303);
    expect((await screenOf(outsider, path)).res.status).toBe(404);
  });
});
