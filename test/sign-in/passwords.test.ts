import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeOrg, makeUser, testDb, unique, type TestUser } from "../helpers/factories";
import { asSession, makeSession } from "../helpers/sessions";
import { uniqueAddress } from "../helpers/addresses";
import { setCookie } from "../helpers/sign-in";
import { addMember } from "../../src/services/organizations/organizations";
import { organizations, userPasswords } from "../../src/db/schema";
import { hashPassword, parseHash } from "../../src/lib/passwords/hash";

const GOOD = "plinth-marmot-ochre-7";
/** A password stored with cheap parameters (N = 2^10): the tests that do not test hashing. */
async function seedPassword(userId: string) {
  await testDb()
    .insert(userPasswords)
    .values({
      userId,
      hash: await hashPassword(GOOD, { N: 2 ** 10, r: 8, p: 1 }),
      updatedAt: new Date().toISOString(),
    });
}

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  call("POST", "/sessions/password", { body: { email, password }, headers });

describe("passwords", () => {
  let person: TestUser;
  let session: Awaited<ReturnType<typeof makeSession>>;
  beforeAll(async () => {
    person = await makeUser({ email: `${unique("pw")}@example.test` });
    session = await makeSession(person.user.id, { method: "passkey" });
  });

  it("refuses a short or common password naming the field, and any API token", async () => {
    const me = asSession(session);
    const short = await me.put("/user/password", { password: "short" });
    expect([short.status, short.body.error.message]).toEqual([
      400,
      expect.stringMatching(/body.password: must be at least 10/),
    ]);
    const common = await me.put("/user/password", { password: "Password123!" });
    expect(common.body.error.message).toMatch(/most common passwords/);
    const byToken = await as(person.token).put("/user/password", { password: GOOD });
    expect(byToken.status).toBe(403);
  });

  it("sets one, signs in with it (a session cookie), and changes it only with the current one", async () => {
    const me = asSession(session);
    expect((await me.get("/user/password")).body).toEqual({ set: false, updatedAt: null });
    expect((await me.put("/user/password", { password: GOOD })).status).toBe(204);
    expect((await me.get("/user/password")).body.set).toBe(true);
    const ok = await signIn(person.user.email.toUpperCase(), GOOD);
    expect(ok.status).toBe(200);
    expect(setCookie(ok, "quire_session")).toMatch(/^qs_/);
    const without = await me.put("/user/password", { password: `${GOOD}x` });
    expect(without.body.error.message).toMatch(/body.currentPassword: required/);
    expect(
      (await me.put("/user/password", { password: `${GOOD}x`, currentPassword: "nope" })).status,
    ).toBe(403);
    expect(
      (await me.put("/user/password", { password: `${GOOD}x`, currentPassword: GOOD })).status,
    ).toBe(204);
    // The reset path: a session started by e-mail just now needs no current password.
    const fresh = await makeSession(person.user.id, { method: "email" });
    expect((await asSession(fresh).put("/user/password", { password: GOOD })).status).toBe(204);
  });

  it("rewrites a weaker hash on sign-in", async () => {
    const weak = await makeUser();
    await seedPassword(weak.user.id);
    expect((await signIn(weak.user.email, GOOD)).status).toBe(200);
    const [row] = await testDb()
      .select()
      .from(userPasswords)
      .where(eq(userPasswords.userId, weak.user.id));
    expect(parseHash(row!.hash)?.params.N).toBe(2 ** 14);
  });

  it("answers an unknown address as a wrong password, and locks an address after 5 failures", async () => {
    const locked = await makeUser();
    await seedPassword(locked.user.id);
    const stranger = await signIn(`${unique("none")}@example.test`, GOOD);
    const wrong = await signIn(locked.user.email, "not-the-password");
    expect([stranger.status, stranger.body]).toEqual([wrong.status, wrong.body]);
    expect(wrong.status).toBe(401);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await signIn(locked.user.email, "still-not-it")).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const right = await signIn(locked.user.email, GOOD);
    expect(right.status).toBe(429);
    expect(right.body.error.message).toMatch(/locked until .*sign in by e-mail/);
  });

  it("refuses password sign-in for members of an organization that forbids passwords or enforces SSO", async () => {
    const member = await makeUser();
    await seedPassword(member.user.id);
    const { org, owner } = await makeOrg({ title: "Strict Corp" });
    await addMember(testDb(), { organizationId: org.id, userId: member.user.id, role: "edit" });
    const patched = await as(owner.token).patch(`/orgs/${org.id}/sign-in-settings`, {
      passwordsAllowed: false,
    });
    expect(patched.body).toEqual({ passwordsAllowed: false });
    const forbidden = await signIn(member.user.email, GOOD);
    expect([forbidden.status, forbidden.body.error.message]).toEqual([
      403,
      expect.stringMatching(/Strict Corp does not allow password sign-in/),
    ]);
    await testDb().update(organizations).set({ sso: true }).where(eq(organizations.id, org.id));
    const sso = await signIn(member.user.email, GOOD);
    expect(sso.body.error.message).toMatch(
      /Members of Strict Corp sign in with its single sign-on/,
    );
    expect(
      (await as(owner.token).get(`/orgs/${org.id}/sign-in-settings`)).body.passwordsAllowed,
    ).toBe(false);
  });

  it("spends the client address's sign-in budget (RATE_LIMIT_IP)", async () => {
    const low = (env as unknown as { RATE_LIMIT_TEST_LOW: RateLimit }).RATE_LIMIT_TEST_LOW;
    const address = uniqueAddress();
    for (let i = 0; i < 5; i++) await low.limit({ key: `sign-in:${address}` });
    const res = await call("POST", "/sessions/password", {
      body: { email: person.user.email, password: GOOD },
      headers: { "CF-Connecting-IP": address },
      bindings: { ...env, RATE_LIMIT_IP: low } as Cloudflare.Env,
    });
    expect([res.status, res.body.error.message]).toEqual([
      429,
      expect.stringMatching(/Too many sign-in attempts/),
    ]);
  });
});
