import { describe, expect, it } from "vitest";
import { appFetch, postForm, screenOf } from "../helpers/app-fetch";
import { makeMember, makeOrg, makeUser } from "../helpers/factories";
import { makeInvite, readMembership, setOrg } from "../helpers/organizations-factories";
import { makeSession } from "../helpers/sessions";

/**
 * The invite-link screen (app/src/screens/join/) through the app's entry and the real API: the
 * link an admin's settings show, signed out (sign-in first, then back), the organization and
 * its Join button, the join, and the refusals' pages.
 */
describe("the join screen of an invite link", () => {
  it("is listed in the admin's settings, sends the signed out to sign in, and joins", async () => {
    const { org, owner } = await makeOrg();
    const invite = await makeInvite(org.id, owner.user.id, "comment");
    const path = `/join/${org.id}/${invite.id}`;
    const settings = await screenOf(
      await makeSession(owner.user.id),
      `/org/${org.id}/settings/sign-in`,
    );
    expect(settings.text).toContain(`value="https://app.quire.test${path}"`);

    const signedOut = await appFetch(path);
    expect(signedOut.res.status).toBe(303);
    expect(signedOut.res.headers.get("Location")).toBe(`/sign-in?next=${encodeURIComponent(path)}`);

    const joiner = await makeUser();
    const session = await makeSession(joiner.user.id);
    const screen = await screenOf(session, path);
    expect(screen.res.status).toBe(200);
    expect(screen.text).toContain(`<h1>Join ${org.title}</h1>`);
    expect(screen.text).toContain("<strong>comment</strong>");
    expect(screen.text).toContain(`action="${path}"`);
    expect(screen.paths).toContain(`GET /v1/orgs/${org.id}/invites/${invite.id}`);
    expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();

    const joined = await postForm(session, path);
    expect(joined.res.status).toBe(303);
    expect(joined.res.headers.get("Location")).toBe(`/o/${org.id}`);
    expect((await readMembership(org.id, joiner.user.id))?.role).toBe("comment");
    const again = await screenOf(session, path);
    expect(again.text).toContain("You are already a member");
    expect(again.text).not.toContain(`action="${path}"`);
  });

  it("shows why a link does not work: deleted (404), SSO enforced (403), cross-site (refused)", async () => {
    const { org, owner } = await makeOrg();
    const person = await makeSession((await makeUser()).user.id);
    const gone = await screenOf(person, `/join/${org.id}/doesnotexist00000000`);
    expect(gone.res.status).toBe(404);
    expect(gone.text).toContain("This invite link does not work");

    const invite = await makeInvite(org.id, owner.user.id, "read");
    await setOrg(org.id, { sso: true });
    const path = `/join/${org.id}/${invite.id}`;
    expect((await screenOf(person, path)).text).toContain("enforces single sign-on");
    const refused = await postForm(person, path);
    expect(refused.res.status).toBe(403);
    expect(refused.text).toContain("single sign-on (SSO)");
    expect(await readMembership(org.id, person.userId)).toBeUndefined();

    // A form of another site is refused before the API is called.
    const member = await makeMember(org.id, "read");
    const session = await makeSession(member.user.id);
    const cross = await appFetch(path, {
      method: "POST",
      headers: {
        Cookie: session.cookie,
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ csrf: session.csrf }).toString(),
    });
    expect(cross.res.status).toBe(403);
    expect(cross.paths).toEqual([]);
  });
});
