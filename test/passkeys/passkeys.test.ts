import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeUser } from "../helpers/factories";
import { appOrigin, asSession, makeSession } from "../helpers/sessions";
import { softAuthenticator } from "../helpers/soft-authenticator";

/** Starts a passkey sign-in as a browser on `origin` does: the options and the challenge cookie. */
async function signInOptions(origin = appOrigin()) {
  const res = await call("POST", "/sessions/passkey/options", { headers: { Origin: origin } });
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith("quire_passkey="));
  return { res, options: res.body, cookie: cookie ?? "" };
}

function signIn(response: unknown, cookie: string, origin = appOrigin()) {
  return call("POST", "/sessions/passkey", {
    body: { response },
    headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

describe("passkeys", () => {
  it("registers several, signs in with one, renames and removes them", async () => {
    const { user } = await makeUser();
    const me = asSession(await makeSession(user.id));
    const laptop = await softAuthenticator();
    const phone = await softAuthenticator();
    for (const [key, name] of [
      [laptop, "Laptop"],
      [phone, "Phone"],
    ] as const) {
      const options = await me.post("/user/passkey-options");
      expect(options.status).toBe(200);
      expect(options.body.rp.id).toBe("app.quire.test");
      expect(options.body.authenticatorSelection.residentKey).toBe("required");
      const response = await key.register(options.body, appOrigin());
      const created = await me.post("/user/passkeys", { name, response });
      expect(created.status).toBe(201);
      // The same challenge twice: spent.
      expect((await me.post("/user/passkeys", { name, response })).status).toBe(403);
    }
    const list = await me.get("/user/passkeys");
    expect(list.body.items.map((p: { name: string }) => p.name)).toEqual(["Laptop", "Phone"]);
    expect(list.text).not.toContain(laptop.id);
    // The second registration's options exclude the first passkey.
    const third = await me.post("/user/passkey-options");
    expect(third.body.excludeCredentials.map((c: { id: string }) => c.id)).toContain(laptop.id);

    const start = await signInOptions();
    expect(start.options.allowCredentials ?? []).toEqual([]);
    const answer = await phone.signIn(start.options, appOrigin());
    const done = await signIn(answer, start.cookie);
    expect(done.status).toBe(201);
    expect(done.body.user.id).toBe(user.id);
    const session = done.headers
      .getSetCookie()
      .find((l) => l.startsWith("quire_session="))!
      .split(";")[0]!;
    const current = await call("GET", "/session", { headers: { Cookie: session } });
    expect(current.body.session.method).toBe("passkey");
    // The same answer again: its challenge was spent.
    expect((await signIn(answer, start.cookie)).status).toBe(403);

    const [first, second] = list.body.items;
    const renamed = await me.patch(`/user/passkeys/${first.id}`, { name: "Work laptop" });
    expect(renamed.body.name).toBe("Work laptop");
    const used = (await me.get("/user/passkeys")).body.items[1];
    expect(used.lastUsedAt).not.toBeNull();
    expect((await me.delete(`/user/passkeys/${second.id}`)).status).toBe(204);
    expect((await me.delete(`/user/passkeys/${second.id}`)).status).toBe(404);
    const after = await signInOptions();
    const removed = await signIn(await phone.signIn(after.options, appOrigin()), after.cookie);
    expect(removed.status).toBe(403);
    expect(removed.body.error.message).toMatch(/not registered/);
    // Someone else's passkey is not theirs to rename or remove.
    const other = await makeUser();
    expect((await as(other.token).delete(`/user/passkeys/${first.id}`)).status).toBe(404);
  });

  it("refuses another origin, another browser, another session's challenge, a scoped token", async () => {
    const { user, token } = await makeUser();
    const session = await makeSession(user.id);
    const me = asSession(session);
    const key = await softAuthenticator();
    // A passkey made for another origin (and its RP id) is refused at registration.
    const options = await me.post("/user/passkey-options");
    const foreign = await key.register(options.body, "https://evil.example");
    const refused = await me.post("/user/passkeys", { name: "Evil", response: foreign });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/origin/i);
    // The challenge of one session answered with another credential of the same person.
    const theirs = await me.post("/user/passkey-options");
    const answer = await key.register(theirs.body, appOrigin());
    const withToken = await as(token).post("/user/passkeys", { name: "Mine", response: answer });
    expect(withToken.status).toBe(403);
    const good = await me.post("/user/passkey-options");
    expect(
      (
        await me.post("/user/passkeys", {
          name: "Laptop",
          response: await key.register(good.body, appOrigin()),
        })
      ).status,
    ).toBe(201);

    // Signing in: an answer made on another origin, from a browser without the cookie, from
    // another site's page.
    const start = await signInOptions();
    const elsewhere = await signIn(
      await key.signIn(start.options, "https://evil.example"),
      start.cookie,
    );
    expect(elsewhere.status).toBe(403);
    const again = await signInOptions();
    expect((await signIn(await key.signIn(again.options, appOrigin()), "")).status).toBe(403);
    expect((await signInOptions("https://evil.example")).res.status).toBe(403);
    // A token that may only read the user cannot register one.
    const reader = await makeUser({ scopes: ["user:read"] });
    expect((await as(reader.token).post("/user/passkey-options")).status).toBe(403);
  });
});
