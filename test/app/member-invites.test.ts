import { beforeAll, describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { postForm, screenOf } from "../helpers/app-fetch";
import { makeMember, makeOrg, makeUser, type TestUser } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";

/**
 * The members screen's pending e-mail invites (app/src/screens/admin/members/invites-view.tsx)
 * through the app's entry and the real API: an admin invites an address by the screen's form,
 * sees the invite waiting (the address, the role, who invited, when, until when) and revokes
 * it, after which its person cannot accept it. A reader sees neither the list nor the form, and
 * the API refuses their revoke.
 */

describe("the members screen's pending invites", () => {
  let orgId: string;
  let admin: TestSession;
  let owner: TestUser;
  let reader: TestSession;
  let invitee: TestUser;
  beforeAll(async () => {
    const made = await makeOrg();
    orgId = made.org.id;
    owner = made.owner;
    invitee = await makeUser();
    const readerUser = await makeMember(orgId, "read");
    [admin, reader] = await Promise.all([
      makeSession(owner.user.id),
      makeSession(readerUser.user.id),
    ]);
  });

  it("lists an invite with who, when and by whom, and revokes it", async () => {
    const base = `/o/${orgId}/settings/members`;
    const sent = await postForm(admin, `${base}/invite`, {
      emails: invitee.user.email,
      role: "edit",
    });
    expect(sent.res.status).toBe(303);
    const screen = await screenOf(admin, base);
    expect(screen.paths).toContain(`GET /v1/orgs/${orgId}/email-invites`);
    expect(screen.text).toContain("Pending invites");
    expect(screen.text).toContain(`<strong>${invitee.user.email}</strong>`);
    const listed = await as(owner.token).get(`/orgs/${orgId}/email-invites`);
    const [invite] = listed.body.items;
    expect(invite).toEqual(
      expect.objectContaining({ role: "edit", invitedBy: admin.userId, expired: false }),
    );
    expect(invite.invitedByName).toEqual(expect.any(String));
    expect(screen.text).toContain(`<td>${invite.invitedByName}</td>`);
    expect(screen.text).toContain(`${base}/invites/${invite.id}/revoke`);

    // A reader sees no pending invite and no invite form; the API refuses their revoke.
    const asReader = await screenOf(reader, base);
    expect(asReader.res.status).toBe(200);
    expect(asReader.paths).not.toContain(`GET /v1/orgs/${orgId}/email-invites`);
    expect(asReader.text).not.toContain("Pending invites");
    const refused = await postForm(reader, `${base}/invites/${invite.id}/revoke`);
    expect(refused.res.status).toBe(403);

    const revoked = await postForm(admin, `${base}/invites/${invite.id}/revoke`);
    expect(revoked.res.status).toBe(303);
    expect(revoked.res.headers.get("Location")).toBe(`${base}?done=invite-revoked`);
    expect(revoked.paths).toContain(`DELETE /v1/orgs/${orgId}/email-invites/${invite.id}`);
    const after = await screenOf(admin, `${base}?done=invite-revoked`);
    expect(after.text).toContain("The invite is revoked");
    expect(after.text).not.toContain(`<strong>${invitee.user.email}</strong>`);
    expect((await as(invitee.token).post(`/user/invites/${invite.id}`)).status).toBe(404);
  });
});
