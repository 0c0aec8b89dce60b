import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, d1Cost, as } from "../helpers/api";
import {
  makeMember,
  makeOrg,
  makeToken,
  makeUser,
  testDb,
  unique,
  type TestUser,
} from "../helpers/factories";
import { foreignSiteToken } from "../helpers/site-tokens";
import { markVerified } from "../helpers/domains";
import { askSignIn, mailTo, secretsOf, setCookie, setCookieLine } from "../helpers/sign-in";
import { emailSignIns, users, organizations, userPasswords, mailOutbox } from "../../src/db/schema";
import { purgeSignInLeftovers } from "../../src/services/sign-in/purge";
import { asSession, makeSession } from "../helpers/sessions";
import { uniqueAddress } from "../helpers/addresses";
import { addMember } from "../../src/services/organizations/organizations";
import {
  hashPassword,
  parseHash,
  CURRENT_PARAMS,
  needsRehash,
  verifyPassword,
} from "../../src/lib/passwords/hash";
import { isCommonPassword, passwordProblem } from "../../src/lib/passwords/common";
import { sendMail, sendMailJob } from "../../src/mail";
import { mailTransport } from "../../src/mail/config";
import { PermanentJobError, type JobContext } from "../../src/jobs/define";
import { createOutbound } from "../../src/outbound";
import type { Bindings } from "../../src/env";
import { emptyStorage } from "../helpers/storage";

const post = (path: string, body: unknown, cookie?: string) =>
  call("POST", path, { body, headers: cookie ? { Cookie: cookie } : {} });

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

const FAKE = "https://mail.example.com";

/** A job context for the http transport of one provider kind, on the fake mail host. */
function httpContext(kind: string, path: string): JobContext {
  const bindings = {
    ...(env as unknown as Bindings),
    MAIL_TRANSPORT: "http",
    MAIL_API_KIND: kind,
    MAIL_API_URL: `${FAKE}${path}`,
    MAIL_API_KEY: `key-${kind}`,
    MAIL_FROM: "Quire <no-reply@docs.example.com>",
  };
  return {
    env: bindings,
    db: testDb(),
    outbound: createOutbound(bindings),
    attempt: 1,
    afterMain: { hooks: [], db: testDb(), jobs: bindings.JOBS },
    enqueue: async () => {},
  };
}

async function logOf(to: string) {
  const res = await fetch(`${FAKE}/__log?to=${encodeURIComponent(to)}`);
  return (
    (await res.json()) as {
      calls: {
        path: string;
        authorization: string | null;
        postmarkToken: string | null;
        body: Record<string, unknown>;
      }[];
    }
  ).calls;
}

const message = (to: string) => ({
  to,
  subject: "Hello",
  text: "Hi there",
  html: "<p>Hi there</p>",
});

describe("email-sign-in", () => {
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
});

describe("passwords", () => {
  beforeAll(emptyStorage);
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
      expect(ok.status).toBe(201);
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
      expect((await signIn(weak.user.email, GOOD)).status).toBe(201);
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
      const guest = await makeMember(org.id, null);
      expect((await as(guest.token).get(`/orgs/${org.id}/sign-in-settings`)).status).toBe(403);
    });

    it("spends the client address's budget on every attempt (RATE_LIMIT_IP, signInRoute)", async () => {
      const low = (env as unknown as { RATE_LIMIT_TEST_LOW: RateLimit }).RATE_LIMIT_TEST_LOW;
      const headers = { "CF-Connecting-IP": uniqueAddress() };
      const bindings = { ...env, RATE_LIMIT_IP: low, RATE_LIMIT_IP_LIMIT: "5" } as Cloudflare.Env;
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const body = { email: `${unique("none")}@example.test`, code: "123456" };
        statuses.push(
          (await call("POST", "/sessions/email/code", { body, headers, bindings })).status,
        );
      }
      expect(statuses).toEqual([410, 410, 410, 410, 410, 429]);
    });

    it("refuses a way in posted from another site (login CSRF)", async () => {
      const res = await signIn(person.user.email, GOOD, { Origin: "https://evil.example" });
      expect([res.status, res.body.error.message]).toEqual([403, "Cross-site request refused"]);
    });
  });
});

describe("password-hash", () => {
  describe("password hashes (node:crypto scrypt inside workerd)", () => {
    it("hashes self-describingly, verifies in constant time, rehashes weaker ones", async () => {
      const hash = await hashPassword("correct horse battery");
      expect(hash).toMatch(/^scrypt\$v=1\$N=16384,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
      expect(parseHash(hash)?.params).toEqual(CURRENT_PARAMS);
      expect(await verifyPassword("correct horse battery", hash)).toBe(true);
      expect(await verifyPassword("correct horse batterz", hash)).toBe(false);
      expect(needsRehash(hash)).toBe(false);
      const weak = await hashPassword("correct horse battery", { N: 2 ** 10, r: 8, p: 1 });
      expect(await verifyPassword("correct horse battery", weak)).toBe(true);
      expect(needsRehash(weak)).toBe(true);
      // A forged row asking for a gigabyte, or not a hash at all, never verifies.
      expect(await verifyPassword("x", hash.replace("N=16384", "N=1048576"))).toBe(false);
      expect(await verifyPassword("x", "plain text")).toBe(false);
    });

    it("refuses short, common and decorated-common passwords", () => {
      expect(isCommonPassword("Password")).toBe(true);
      expect(isCommonPassword("dragon2024!")).toBe(true);
      expect(isCommonPassword("qwertyqwerty")).toBe(true);
      expect(isCommonPassword("plinth-marmot-ochre")).toBe(false);
      expect(passwordProblem("short1!", "a@b.test")).toMatch(/at least 10/);
      expect(passwordProblem("1234567890", "a@b.test")).toMatch(/most common/);
      expect(passwordProblem("plinth-marmot-ochre", "a@b.test")).toBeNull();
    });
  });
});

describe("mail-port", () => {
  beforeAll(emptyStorage);
  describe("the mail port", () => {
    it.each([
      [
        "cloudflare",
        "/client/v4/accounts/acc123/email/sending/send",
        {
          to: "@",
          from: { address: "no-reply@docs.example.com", name: "Quire" },
          subject: "Hello",
          html: "<p>Hi there</p>",
          text: "Hi there",
        },
      ],
      [
        "resend",
        "/emails",
        {
          from: "Quire <no-reply@docs.example.com>",
          to: ["@"],
          subject: "Hello",
          html: "<p>Hi there</p>",
          text: "Hi there",
        },
      ],
      [
        "postmark",
        "/email",
        {
          From: "Quire <no-reply@docs.example.com>",
          To: "@",
          Subject: "Hello",
          HtmlBody: "<p>Hi there</p>",
          TextBody: "Hi there",
          MessageStream: "outbound",
        },
      ],
      [
        "generic",
        "/send",
        {
          from: "Quire <no-reply@docs.example.com>",
          to: "@",
          subject: "Hello",
          text: "Hi there",
          html: "<p>Hi there</p>",
        },
      ],
    ])("sends through the %s API in its documented shape", async (kind, path, shape) => {
      const to = `${unique(kind)}@example.test`;
      await sendMailJob.run(message(to), httpContext(kind, path));
      const [sent] = await logOf(to);
      expect(sent!.path).toBe(path);
      const expected = JSON.parse(JSON.stringify(shape).replaceAll('"@"', JSON.stringify(to)));
      expect(sent!.body).toEqual(expected);
      if (kind === "postmark") expect(sent!.postmarkToken).toBe("key-postmark");
      else expect(sent!.authorization).toBe(`Bearer key-${kind}`);
    });

    it("retries what a retry can mend and fails at once what it cannot", async () => {
      const ctx = httpContext("resend", "/emails");
      const flaky = `fail-once-${unique()}@example.test`;
      await expect(sendMailJob.run(message(flaky), ctx)).rejects.not.toBeInstanceOf(
        PermanentJobError,
      );
      await sendMailJob.run(message(flaky), ctx);
      expect(await logOf(flaky)).toHaveLength(2);
      const refused = sendMailJob.run(message(`refused-${unique()}@example.test`), ctx);
      await expect(refused).rejects.toBeInstanceOf(PermanentJobError);
    });

    it("refuses mail when no transport is configured, naming why", async () => {
      expect(mailTransport({})).toEqual({ kind: "none", reason: 'MAIL_TRANSPORT is "none"' });
      expect(mailTransport({ MAIL_TRANSPORT: "http", MAIL_API_URL: FAKE })).toMatchObject({
        kind: "none",
        reason: "the http mail transport needs MAIL_API_KEY, MAIL_FROM",
      });
      const none = { ...env, MAIL_TRANSPORT: "none" } as unknown as Bindings;
      await expect(sendMail(none, message("x@example.test"))).rejects.toMatchObject({
        status: 409,
      });
      const asked = await call("POST", "/sessions/email", {
        body: { email: "x@example.test" },
        bindings: none as unknown as Cloudflare.Env,
      });
      expect([asked.status, asked.body.error.message]).toEqual([
        409,
        expect.stringMatching(/cannot send e-mail \(MAIL_TRANSPORT is "none"\)/),
      ]);
    });

    it("lists the outbox newest first in pages, and only with the outbox transport", async () => {
      const to = `${unique("outbox")}@example.test`;
      await sendMail(env as unknown as Bindings, { ...message(to), subject: "first" });
      await mailTo(to);
      await sendMail(env as unknown as Bindings, { ...message(to), subject: "second" });
      const [newest, older] = await mailTo(to, 2);
      expect([newest!.subject, older!.subject]).toEqual(["second", "first"]);
      const total = (await testDb().select().from(mailOutbox)).length;
      const first = await call("GET", "/dev/outbox", { query: { limit: 1 } });
      expect(first.body.count).toBe(total);
      const next = await call("GET", "/dev/outbox", {
        query: { limit: 1, page: first.body.next.page },
      });
      expect(next.body.items[0].createdAt <= first.body.items[0].createdAt).toBe(true);
      const elsewhere = await call("GET", "/dev/outbox", {
        bindings: { ...env, MAIL_TRANSPORT: "http" } as Cloudflare.Env,
      });
      expect(elsewhere.status).toBe(404);
    });
  });
});
