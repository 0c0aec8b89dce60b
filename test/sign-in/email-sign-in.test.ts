import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as, call, d1Cost } from "../helpers/api";
import { makeOrg, makeToken, makeUser, testDb, unique, type TestUser } from "../helpers/factories";
import { asSession, makeSession } from "../helpers/sessions";
import { foreignSiteToken } from "../helpers/site-tokens";
import { markVerified } from "../helpers/domains";
import { askSignIn, mailTo, secretsOf, setCookie, setCookieLine } from "../helpers/sign-in";
import { emailSignIns, users } from "../../src/db/schema";
import { purgeSignInLeftovers } from "../../src/services/sign-in/purge";

const post = (path: string, body: unknown, cookie?: string) =>
  call("POST", path, { body, headers: cookie ? { Cookie: cookie } : {} });

describe("e-mail sign-in (link and code)", () => {
  let person: TestUser;
  beforeAll(async () => {
    person = await makeUser({ email: `${unique("ada")}@example.test`, emailVerified: false });
  });

  it("sends a link and a code; the link signs in the browser that asked, once", async () => {
    const { res, cookie } = await askSignIn(person.user.email);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ sent: true });
    expect(setCookieLine(res, "quire_sign_in")).toMatch(
      /HttpOnly; SameSite=Lax; Secure; Max-Age=900/,
    );
    const [message] = await mailTo(person.user.email);
    expect(message!.text).toContain(`${env.PUBLIC_APP_URL}/sign-in/email?token=`);
    const { token } = secretsOf(message!);
    // A GET spends nothing (a mail scanner): the API has only the POST.
    expect((await call("GET", "/sessions/email/link", { query: { token } })).status).toBe(405);
    const signedIn = await post("/sessions/email/link", { token }, cookie);
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.user.id).toBe(person.user.id);
    expect(setCookie(signedIn, "quire_session")).toMatch(/^qs_/);
    const [row] = await testDb().select().from(users).where(eq(users.id, person.user.id));
    expect(row!.emailVerified).toBe(true);
    const again = await post("/sessions/email/link", { token }, cookie);
    expect(again.status).toBe(410);
    expect(again.body.error.message).toMatch(/expired or was already used/);
  });

  it("refuses the link in another browser (409, asking for the code); the code works anywhere", async () => {
    await askSignIn(person.user.email);
    const messages = await mailTo(person.user.email, 2);
    const { token, code } = secretsOf(messages[0]!);
    const elsewhere = await post("/sessions/email/link", { token });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error.message).toMatch(/enter the 6-digit code/);
    const byCode = await post("/sessions/email/code", { email: person.user.email, code });
    expect(byCode.status).toBe(201);
    expect((await post("/sessions/email/code", { email: person.user.email, code })).status).toBe(
      410,
    );
  });

  it("refuses an expired link and code", async () => {
    const { cookie } = await askSignIn(person.user.email);
    const messages = await mailTo(person.user.email, 3);
    const { token, code } = secretsOf(messages[0]!);
    const past = new Date(Date.now() - 1000).toISOString();
    await testDb()
      .update(emailSignIns)
      .set({ expiresAt: past })
      .where(eq(emailSignIns.email, person.user.email));
    expect((await post("/sessions/email/link", { token }, cookie)).status).toBe(410);
    expect((await post("/sessions/email/code", { email: person.user.email, code })).status).toBe(
      410,
    );
  });

  it("locks a request after 5 wrong codes, even for the right one then", async () => {
    const email = person.user.email;
    await askSignIn(email);
    const messages = await mailTo(email, 4);
    const { code } = secretsOf(messages[0]!);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await post("/sessions/email/code", { email, code: wrong })).status);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    const right = await post("/sessions/email/code", { email, code });
    expect(right.status).toBe(429);
    expect(right.body.error.message).toMatch(/locked this sign-in request/);
  });

  it("answers an unknown address exactly as a known one, and tells its mailbox there is no account", async () => {
    const known = await makeUser();
    const stranger = `${unique("nobody")}@example.test`;
    const a = await askSignIn(known.user.email);
    const b = await askSignIn(stranger);
    expect([b.res.status, b.res.body]).toEqual([a.res.status, a.res.body]);
    expect(Boolean(b.cookie)).toBe(Boolean(a.cookie));
    expect(d1Cost(b.res).roundTrips).toBe(d1Cost(a.res).roundTrips);
    const [message] = await mailTo(stranger);
    expect(message!.text).toMatch(/no account uses it/);
    expect(message!.text).not.toMatch(/token=|\n\d{6}\n/);
  });

  it("purges requests past their 15 minutes on the hourly run", async () => {
    const email = `${unique("old")}@example.test`;
    await askSignIn(email);
    const later = Date.now() + 16 * 60_000;
    const report = await purgeSignInLeftovers(testDb(), later);
    expect(report.emailSignIns).toBeGreaterThan(0);
    const left = await testDb().select().from(emailSignIns).where(eq(emailSignIns.email, email));
    expect(left).toEqual([]);
  });
});

describe("sign-up by e-mail", () => {
  it("creates a person whose address is on an organization's verified domain, who may then join", async () => {
    const domain = `${unique("d")}.example.test`;
    const { org } = await makeOrg({ emailDomains: [domain] });
    await markVerified(org.id, [domain]);
    const email = `new@${domain}`;
    const { cookie } = await askSignIn(email);
    const [message] = await mailTo(email);
    expect(message!.subject).toBe("Create your Quire account");
    const res = await post("/sessions/email/link", { token: secretsOf(message!).token }, cookie);
    expect([res.status, res.body.user.email]).toEqual([201, email]);
    const session = setCookie(res, "quire_session")!;
    const origin = new URL(env.PUBLIC_APP_URL).origin;
    const me = await call("GET", "/user", { headers: { Cookie: `quire_session=${session}` } });
    expect(me.body.email).toBe(email);
    const { csrfToken } = await import("../../core/sessions/csrf");
    const joined = await call("POST", `/orgs/${org.id}/join`, {
      headers: {
        Cookie: `quire_session=${session}`,
        Origin: origin,
        "X-Quire-CSRF": await csrfToken(session),
      },
    });
    expect(joined.status).toBe(204);
  });
});

/**
 * Changing one's address (`/v1/user/email`): the e-mail sign-in's requests with another purpose,
 * sent to the new address, confirmed by the person who asked, signed in.
 */
describe("changing one's e-mail address", () => {
  const fresh = () => `${unique("new")}@example.test`;

  it("sends a link and code to the new address and a notice to the old; the link switches it, once", async () => {
    const person = await makeUser();
    const old = person.user.email;
    const me = asSession(await makeSession(person.user.id));
    const other = asSession(await makeSession(person.user.id));
    const next = fresh();
    // Only a session moves the address; the same address is no change.
    expect((await as(person.token).post("/user/email", { email: next })).status).toBe(403);
    const same = await me.post("/user/email", { email: old.toUpperCase() });
    expect(same.body.error.message).toMatch(/body.email: this is already your address/);
    const asked = await me.post("/user/email", { email: ` ${next.toUpperCase()} ` });
    expect([asked.status, asked.body]).toEqual([202, { sent: true }]);
    const [confirm] = await mailTo(next);
    expect(confirm!.text).toContain(`${env.PUBLIC_APP_URL}/account/email?token=`);
    const [notice] = await mailTo(old);
    expect(notice!.text).toContain(`change its e-mail address to ${next}`);
    expect(notice!.text).not.toMatch(/token=|\n\d{6}\n/);
    const state = await as(person.token).get("/user/email");
    expect(state.body).toMatchObject({ email: old, verified: true, pending: { email: next } });
    const { token } = secretsOf(confirm!);
    // Neither the sign-in flow nor an API token can spend it.
    expect((await post("/sessions/email/link", { token })).status).toBe(410);
    const byToken = await as(person.token).post("/user/email/confirm", { token });
    expect(byToken.status).toBe(403);
    const stranger = asSession(await makeSession((await makeUser()).user.id));
    const elsewhere = await stranger.post("/user/email/confirm", { token });
    expect(elsewhere.body.error.message).toMatch(/another account: sign in to the account/);
    const done = await me.post("/user/email/confirm", { token });
    expect([done.status, done.body.email]).toEqual([200, next]);
    expect((await me.post("/user/email/confirm", { token })).status).toBe(410);
    const [changed] = await mailTo(old, 2);
    expect(changed!.text).toContain(`is now ${next}; this one no longer signs in`);
    // The person's other sessions are kept, and see the new address.
    const seen = await other.get("/user/email");
    expect(seen.body).toEqual({ email: next, verified: true, pending: null });
  });

  it("answers a taken address as a free one, telling only its mailbox; 409 if taken meanwhile", async () => {
    const person = await makeUser();
    const me = asSession(await makeSession(person.user.id));
    const holder = await makeUser();
    const free = fresh();
    const a = await me.post("/user/email", { email: free });
    const b = await me.post("/user/email", { email: holder.user.email });
    expect([b.status, b.body]).toEqual([a.status, a.body]);
    expect(d1Cost(b).roundTrips).toBe(d1Cost(a).roundTrips);
    const [told] = await mailTo(holder.user.email);
    expect(told!.text).toMatch(/another account already uses it/);
    expect(told!.text).not.toMatch(/token=|\n\d{6}\n/);
    // The free address's code is no longer the latest request's: ask again, then someone takes it.
    await me.post("/user/email", { email: free });
    const { code } = secretsOf((await mailTo(free, 2))[0]!);
    await makeUser({ email: free });
    const clash = await me.post("/user/email/confirm", { code });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toMatch(/Another account uses .* nothing changed/);
    expect((await me.get("/user")).body.email).toBe(person.user.email);
  });

  it("locks a change after 5 wrong codes, and refuses a body with both or neither proof", async () => {
    const person = await makeUser();
    const me = asSession(await makeSession(person.user.id));
    const next = fresh();
    await me.post("/user/email", { email: next });
    const { code } = secretsOf((await mailTo(next))[0]!);
    expect((await me.post("/user/email/confirm", {})).status).toBe(400);
    expect((await me.post("/user/email/confirm", { code, token: "x".repeat(40) })).status).toBe(
      400,
    );
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await me.post("/user/email/confirm", { code: wrong })).status);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    expect((await me.post("/user/email/confirm", { code })).status).toBe(429);
    expect((await me.get("/user")).body.email).toBe(person.user.email);
  });

  it("answers each caller kind: anonymous, forged, site, scoped, API token, session without CSRF", async () => {
    const person = await makeUser();
    const email = fresh();
    const ask = { method: "POST", path: "/user/email", body: { email } } as const;
    expect((await call(ask.method, ask.path, { body: ask.body, token: null })).status).toBe(401);
    const forged = await call(ask.method, ask.path, { body: ask.body, token: "gb_api_forged" });
    expect(forged.status).toBe(401);
    const site = await call(ask.method, ask.path, {
      body: ask.body,
      token: await foreignSiteToken(),
    });
    expect(site.status).toBe(404);
    const readOnly = await makeToken(person.user.id, { scopes: ["user:read"] });
    expect((await as(readOnly).get("/user/email")).body.pending).toBeNull();
    expect((await as(readOnly).post("/user/email", { email })).status).toBe(403);
    expect((await as(person.token).post("/user/email/confirm", { code: "123456" })).status).toBe(
      403,
    );
    const session = asSession(await makeSession(person.user.id));
    const noCsrf = await session.post(
      "/user/email",
      { email },
      { headers: { "X-Quire-CSRF": "" } },
    );
    expect(noCsrf.status).toBe(403);
    expect((await session.get("/user/email")).body.pending).toBeNull();
  });
});
