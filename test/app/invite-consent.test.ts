import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { appFetch, postForm, screenOf } from "../helpers/app-fetch";
import { makeOrg, makeUser } from "../helpers/factories";
import { readMembership } from "../helpers/organizations-factories";
import { makeSession } from "../helpers/sessions";
import { mailTo } from "../helpers/sign-in";

/**
 * E-mail invites need consent, on the app's screens (app/src/screens/home/invites.tsx and
 * app/src/screens/invite/): the invited account's home lists the invite with Accept and
 * Decline; the mail's link asks to sign in as the address, then offers the same choice.
 */

/** An account invited to a fresh organization; its session and the mail's link path. */
async function invitedPerson() {
  const { org, owner } = await makeOrg({ title: "Screen Corp" });
  const person = await makeUser();
  await as(owner.token).post(`/orgs/${org.id}/invites`, { emails: [person.user.email] });
  const [mail] = await mailTo(person.user.email);
  const link = new URL(/https?:\/\/\S+\/invite\/\S+/.exec(mail!.text)![0]);
  const session = await makeSession(person.user.id);
  return { org, person, session, linkPath: `${link.pathname}${link.search}` };
}

describe("pending invites on the app's screens", () => {
  it("lists the invite on the home; Accept joins, and the home then shows the organization", async () => {
    const { org, person, session } = await invitedPerson();
    const home = await screenOf(session, "/");
    expect(home.res.status).toBe(200);
    expect(home.text).toContain("Invites waiting for you");
    expect(home.text).toContain("You are not a member until you accept.");
    const action = /action="(\/invites\/[^"]+\/accept)"/.exec(home.text)![1]!;
    expect(await readMembership(org.id, person.user.id)).toBeUndefined();
    const accepted = await postForm(session, action);
    expect([accepted.res.status, accepted.res.headers.get("location")]).toEqual([303, "/"]);
    expect((await readMembership(org.id, person.user.id))?.role).toBe("read");
    const after = await screenOf(session, "/");
    expect(after.text).not.toContain("Invites waiting for you");
    expect(after.text).toContain("Screen Corp");
  });

  it("declines from the home: nothing joins, the invite is gone", async () => {
    const { org, person, session } = await invitedPerson();
    const home = await screenOf(session, "/");
    const action = /action="(\/invites\/[^"]+\/decline)"/.exec(home.text)![1]!;
    const declined = await postForm(session, action);
    expect(declined.res.status).toBe(303);
    expect(await readMembership(org.id, person.user.id)).toBeUndefined();
    expect((await screenOf(session, "/")).text).not.toContain("Invites waiting for you");
    // Accepting it afterwards: the clear refusal page, nothing changed.
    const late = await postForm(session, action.replace("/decline", "/accept"));
    expect(late.res.status).toBe(404);
    expect(late.text).toContain("This invite cannot be used");
  });

  it("the mail's link: sign in as the address first; another account is told, not let in", async () => {
    const { org, person, session, linkPath } = await invitedPerson();
    const signedOut = await appFetch(linkPath);
    expect(signedOut.res.status).toBe(200);
    expect(signedOut.text).toContain(`Sign in as ${person.user.email} to accept or decline`);
    expect(signedOut.text).toContain(`href="/sign-in?next=${encodeURIComponent(linkPath)}"`);
    expect(signedOut.text).not.toContain('name="displayName"');
    const other = await makeUser();
    const asOther = await screenOf(await makeSession(other.user.id), linkPath);
    expect(asOther.text).toContain(`but this invite is for ${person.user.email}`);
    expect(asOther.text).not.toContain("/accept");
    const asPerson = await screenOf(session, linkPath);
    const action = /action="(\/invites\/[^"]+\/accept)"/.exec(asPerson.text)![1]!;
    expect((await postForm(session, action)).res.status).toBe(303);
    expect((await readMembership(org.id, person.user.id))?.role).toBe("read");
  });
});
