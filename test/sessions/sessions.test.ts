import { beforeAll, describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import {
  makeOrg,
  makeToken,
  makeUser,
  type TestUser,
  makeMember,
  testDb,
} from "../helpers/factories";
import { asSession, makeSession, type TestSession } from "../helpers/sessions";
import { env } from "cloudflare:test";
import { issueSignInLink, redeemSignInLink } from "../../src/services/sessions/link";
import { purgeEndedSessions } from "../../src/services/sessions/purge";
import { setDisabled } from "../helpers/organizations-factories";
import { eq } from "drizzle-orm";
import { sha256Hex } from "../../core/digest";
import { signInLinks } from "../../src/db/schema";
import {
  codeOf,
  makeSamlSetup,
  postAcs,
  ssoEmail,
  startLogin,
  type WireProvider,
} from "../helpers/sso-factories";
import type { TestIdp } from "../helpers/saml-idp";
import { emptyStorage } from "../helpers/storage";

const DAY = 24 * 60 * 60 * 1000;

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Posts a link's token as the app's `/sign-in/link` page does. */
const spend = (token: unknown) => call("POST", "/sessions/link", { body: { token } });

/** A complete SP-initiated login of `email`: the one-time code of the ACS's redirect. */
async function codeFor(idp: TestIdp, provider: WireProvider, email: string): Promise<string> {
  const { request } = await startLogin(idp, provider);
  const samlResponse = await idp.response({
    spEntityID: provider.service.entityID,
    acsURL: provider.service.acsURL,
    nameID: email,
    displayName: "Grace Hopper",
    inResponseTo: request!.id,
  });
  const acs = await postAcs(provider, samlResponse, request!.relayState);
  expect(acs.location!.startsWith("https://app.quire.test/sso/callback?code=")).toBe(true);
  return codeOf(acs.location);
}

describe("sessions", () => {
  describe("a session as the caller", () => {
    let person: TestUser;
    let session: TestSession;
    beforeAll(async () => {
      person = await makeUser({ displayName: "Signed In" });
      session = await makeSession(person.user.id, { device: "Firefox on Linux" });
    });

    it("authenticates by its cookie: GET /v1/user and GET /v1/session answer its person", async () => {
      const me = await asSession(session).get("/user");
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: person.user.id, displayName: "Signed In" });
      const current = await asSession(session).get("/session");
      expect(current.status).toBe(200);
      expect(current.body).toMatchObject({
        object: "current-session",
        session: { id: session.id, current: true, method: "link", device: "Firefox on Linux" },
        user: { id: person.user.id },
      });
      // Reads need no CSRF proof: a cookie alone is enough for GET.
      expect((await call("GET", "/user", { headers: { Cookie: session.cookie } })).status).toBe(
        200,
      );
      // An API token has no session to show.
      expect((await as(person.token).get("/session")).status).toBe(404);
      // The person's rights, through the one resolver: their organization, and no other.
      const { org } = await makeOrg({ owner: person });
      const { org: foreign } = await makeOrg();
      expect((await asSession(session).get(`/orgs/${org.id}`)).status).toBe(200);
      expect((await asSession(session).get(`/orgs/${foreign.id}`)).status).toBe(404);
    });

    it.each([
      ["no CSRF header", { "X-Quire-CSRF": "" }, /X-Quire-CSRF header is missing/],
      ["a wrong CSRF token", { "X-Quire-CSRF": "0".repeat(64) }, /does not match the session/],
      ["a foreign Origin", { Origin: "https://evil.example" }, /Origin "https:\/\/evil.example"/],
      ["no Origin", { Origin: "" }, /Origin header is missing/],
    ])(
      "refuses a state-changing request with %s (403, before the body)",
      async (_, headers, why) => {
        // A body that is not JSON: the refusal comes before it is read.
        const res = await asSession(session).post("/user/tokens", undefined, {
          headers: { ...headers, "Content-Type": "application/json", "Content-Length": "5" },
          rawBody: "{oops",
        });
        expect(res.status).toBe(403);
        expect(res.body.error.message).toMatch(/^Cross-site request refused: /);
        expect(res.body.error.message).toMatch(why);
      },
    );

    it("accepts the app's Origin and the API's own; its tokens do not end with it", async () => {
      const made = await asSession(session).post("/user/tokens", { label: "from the app" });
      expect(made.status).toBe(201);
      expect(made.body.expiresAt).toBeNull();
      const own = await asSession(session).post(
        "/user/tokens",
        { label: "same origin" },
        { headers: { Origin: "https://quire.test" } },
      );
      expect(own.status).toBe(201);
      // An API token is unaffected by the rule: no Origin, no CSRF header.
      expect((await as(person.token).post("/user/tokens", { label: "cli" })).status).toBe(201);
    });

    it("is not an API token: not listed or revoked by the token routes", async () => {
      const tokens = await asSession(session).get("/user/tokens");
      expect(tokens.status).toBe(200);
      expect(tokens.body.items.map((t: { id: string }) => t.id)).not.toContain(session.id);
      expect((await asSession(session).delete(`/user/tokens/${session.id}`)).status).toBe(204);
      expect((await asSession(session).get("/user")).status).toBe(200);
    });

    it("is refused as a Bearer token, an API token or another deployment's session as the cookie (401)", async () => {
      const bearer = await as(session.secret).get("/user");
      expect(bearer.status).toBe(401);
      expect(bearer.body.error.message).toMatch(/only from its cookie/);
      const tokenAsCookie = await call("GET", "/user", {
        headers: { Cookie: `quire_session=${person.token}` },
      });
      expect(tokenAsCookie.status).toBe(401);
      // A well-formed session of another deployment (its digest is in another database): 401.
      const foreign = `qs_${"F".repeat(43)}`;
      const elsewhere = await call("GET", "/user", {
        headers: { Cookie: `quire_session=${foreign}` },
      });
      expect(elsewhere.status).toBe(401);
      // With both, the Authorization header is the credential.
      const both = await call("GET", "/user", {
        token: person.token,
        headers: { Cookie: session.cookie },
      });
      expect(both.status).toBe(200);
    });

    it.each([
      ["idle for 14 days", { lastUsedAt: ago(14 * DAY + 1000) }, /session has expired/],
      ["past its absolute end", { expiresAt: ago(1000) }, /session has expired/],
      ["revoked", { revoked: true }, /session has been revoked/],
    ])("ends when %s (401)", async (_, moved, why) => {
      const ended = await makeSession(person.user.id, moved);
      const res = await asSession(ended).get("/user");
      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(why);
      const listed = await asSession(session).get("/user/sessions");
      expect(listed.body.items.map((s: { id: string }) => s.id)).not.toContain(ended.id);
    });

    it("stays open within its windows (13 idle days)", async () => {
      const used = await makeSession(person.user.id, { lastUsedAt: ago(13 * DAY) });
      expect((await asSession(used).get("/user")).status).toBe(200);
    });
  });
  describe("a person's sessions", () => {
    it("lists them with `current`, revokes one, all, and signs out with the cookie cleared", async () => {
      const { user, token } = await makeUser();
      const [a, b, c] = [
        await makeSession(user.id, { method: "passkey" }),
        await makeSession(user.id),
        await makeSession(user.id),
      ];
      const other = await makeUser();
      const outsider = await makeSession(other.user.id);
      const list = await asSession(a).get("/user/sessions", { query: { limit: 2 } });
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(3);
      expect(list.body.items).toHaveLength(2);
      const rest = await asSession(a).get("/user/sessions", {
        query: { page: list.body.next.page },
      });
      const all = [...list.body.items, ...rest.body.items];
      expect(all.map((s: { id: string }) => s.id).sort()).toEqual([a.id, b.id, c.id].sort());
      expect(all.find((s: { id: string }) => s.id === a.id)).toMatchObject({
        object: "session",
        current: true,
        method: "passkey",
        device: "vitest",
      });
      expect(all.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      // Another person's session is left alone; revoking one of one's own ends it.
      expect((await asSession(a).delete(`/user/sessions/${outsider.id}`)).status).toBe(204);
      expect((await asSession(outsider).get("/user")).status).toBe(200);
      expect((await as(token).delete(`/user/sessions/${b.id}`)).status).toBe(204);
      expect((await asSession(b).get("/user")).status).toBe(401);
      // Signing out: the session ends and the cookie is cleared.
      const out = await asSession(a).delete("/session");
      expect(out.status).toBe(204);
      expect(out.headers.get("Set-Cookie")).toMatch(
        /^quire_session=; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=0$/,
      );
      expect((await asSession(a).get("/user")).status).toBe(401);
      // All at once (the request's own included), API tokens untouched.
      const extra = await makeToken(user.id);
      const everywhere = await asSession(c).delete("/user/sessions");
      expect(everywhere.status).toBe(204);
      expect(everywhere.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
      expect((await asSession(c).get("/user")).status).toBe(401);
      expect((await as(extra).get("/user")).status).toBe(200);
      expect((await as(token).get("/user/sessions")).body.count).toBe(0);
    });
  });
});

describe("revocation", () => {
  beforeAll(emptyStorage);
  describe("a member's sessions end with the membership", () => {
    it("removing a member revokes every session of theirs in the same batch; their tokens stay", async () => {
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "edit");
      const [a, b] = [await makeSession(member.user.id), await makeSession(member.user.id)];
      const bystander = await makeUser();
      const kept = await makeSession(bystander.user.id);
      // Removing someone who is not a member signs nobody out.
      const stranger = await makeSession(bystander.user.id);
      await as(owner.token).delete(`/orgs/${org.id}/members/${bystander.user.id}`);
      expect((await asSession(stranger).get("/user")).status).toBe(200);

      const removed = await as(owner.token).delete(`/orgs/${org.id}/members/${member.user.id}`);
      expect(removed.status).toBe(204);
      for (const ended of [a, b]) {
        const res = await asSession(ended).get("/user");
        expect(res.status).toBe(401);
        expect(res.body.error.message).toMatch(/revoked/);
      }
      expect((await asSession(kept).get("/user")).status).toBe(200);
      expect((await as(member.token).get("/user")).status).toBe(200);
    });

    it("disabling a member revokes their sessions (the trigger), enabling again does not restore them", async () => {
      const { org } = await makeOrg();
      const member = await makeMember(org.id, "read");
      const session = await makeSession(member.user.id);
      await setDisabled(org.id, member.user.id);
      expect((await asSession(session).get("/user")).status).toBe(401);
      await setDisabled(org.id, member.user.id, false);
      expect((await asSession(session).get("/user")).status).toBe(401);
      const fresh = await makeSession(member.user.id);
      expect((await asSession(fresh).get(`/orgs/${org.id}`)).status).toBe(200);
    });
  });
  describe("the scheduled purge of ended sessions and spent links", () => {
    it("deletes revoked, expired and idle sessions and used or expired links; keeps live ones and API tokens", async () => {
      const { user } = await makeUser();
      const day = 24 * 60 * 60 * 1000;
      const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
      const live = await makeSession(user.id);
      const ended = [
        await makeSession(user.id, { revoked: true }),
        await makeSession(user.id, { expiresAt: ago(1000) }),
        await makeSession(user.id, { lastUsedAt: ago(15 * day) }),
      ];
      const revokedToken = await makeToken(user.id, { revoked: true });
      const used = await issueSignInLink(testDb(), user.id);
      await redeemSignInLink(testDb(), used.token);
      const open = await issueSignInLink(testDb(), user.id);
      const report = await purgeEndedSessions(testDb(), Date.now());
      expect(report.sessions).toBeGreaterThanOrEqual(3);
      expect(report.links).toBeGreaterThanOrEqual(1);
      const ids = (
        await env.DB.prepare("SELECT id FROM api_tokens WHERE user_id = ?").bind(user.id).all()
      ).results.map((r) => r.id);
      expect(ids).toContain(live.id);
      for (const s of ended) expect(ids).not.toContain(s.id);
      // API tokens (a revoked one included) are the operator's and the person's records.
      expect(ids).toHaveLength(3);
      expect((await as(revokedToken).get("/user")).status).toBe(401);
      expect(await redeemSignInLink(testDb(), open.token)).toBe(user.id);
    });
  });
});

describe("link", () => {
  beforeAll(emptyStorage);
  describe("POST /v1/sessions/link (the operator's one-time sign-in link)", () => {
    it("starts a session with its cookie, once; the next use, an expired or unknown link are 401", async () => {
      const { user } = await makeUser({ displayName: "First Owner" });
      const { token } = await issueSignInLink(testDb(), user.id);
      const res = await call("POST", "/sessions/link", {
        body: { token },
        headers: { "User-Agent": "Browser/1.0" },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        object: "current-session",
        session: { method: "link", device: "Browser/1.0", current: true },
        user: { id: user.id, displayName: "First Owner" },
      });
      const cookie = res.headers.get("Set-Cookie")!;
      expect(cookie).toMatch(
        /^quire_session=qs_[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure; Expires=/,
      );
      const secret = cookie.split(";")[0]!.split("=")[1]!;
      const me = await asSession({ headers: { Cookie: `quire_session=${secret}` } }).get(
        "/session",
      );
      expect(me.status).toBe(200);
      expect(me.body.session.id).toBe(res.body.session.id);
      // Spent: the same link again signs nobody in.
      const again = await spend(token);
      expect(again.status).toBe(401);
      expect(again.headers.get("Set-Cookie")).toBeNull();
      // Expired an hour after it was made.
      const late = await issueSignInLink(testDb(), user.id);
      await testDb()
        .update(signInLinks)
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(signInLinks.digest, await sha256Hex(late.token)));
      expect((await spend(late.token)).body.error.message).toMatch(
        /invalid, expired or already used/,
      );
      expect((await spend(`qsl_${"A".repeat(43)}`)).status).toBe(401);
      expect((await spend("not-a-link")).status).toBe(401);
    });

    it("refuses a malformed body with a 400 naming the field, and stores only the digest", async () => {
      const res = await spend(42);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^body\.token/);
      const { user } = await makeUser();
      const { token } = await issueSignInLink(testDb(), user.id);
      const { results } = await env.DB.prepare("SELECT * FROM sign_in_links WHERE user_id = ?")
        .bind(user.id)
        .all();
      expect(JSON.stringify(results)).not.toContain(token);
    });

    it("spends the client address's budget, even with a session cookie (not the session's)", async () => {
      const { user } = await makeUser();
      const session = await makeSession(user.id);
      // The mirrors tell the buckets apart in X-RateLimit-Limit (the bindings stay the suite's).
      const bindings = { ...env, RATE_LIMIT_TOKEN_LIMIT: "1111", RATE_LIMIT_IP_LIMIT: "2222" };
      const signIn = await call("POST", "/sessions/link", {
        body: { token: "not-a-link" },
        headers: session.headers,
        bindings,
      });
      expect(signIn.status).toBe(401);
      expect(signIn.headers.get("X-RateLimit-Limit")).toBe("2222");
      const read = await call("GET", "/user", { headers: session.headers, bindings });
      expect(read.headers.get("X-RateLimit-Limit")).toBe("1111");
    });
  });
});

describe("sso", () => {
  beforeAll(emptyStorage);
  describe("POST /v1/sessions/sso (a SAML sign-in ends in a session)", () => {
    it("spends the ACS's code for a session, once; a disabled member's code is refused", async () => {
      const { idp, org, provider } = await makeSamlSetup();
      const email = ssoEmail();
      const code = await codeFor(idp, provider, email);
      const res = await call("POST", "/sessions/sso", { body: { code } });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({
        session: { method: "saml", current: true },
        user: { email, displayName: "Grace Hopper" },
      });
      const secret = /^quire_session=(qs_[^;]+);/.exec(res.headers.get("Set-Cookie") ?? "")![1];
      const session = asSession({ headers: { Cookie: `quire_session=${secret}` } });
      expect((await session.get(`/orgs/${org.id}`)).status).toBe(200);
      // Single use, whichever exchange asks second.
      expect((await call("POST", "/sessions/sso", { body: { code } })).status).toBe(401);
      expect((await call("POST", "/sso/token", { body: { code } })).status).toBe(401);
      // The API token exchange still works for a fresh code.
      const token = await call("POST", "/sso/token", {
        body: { code: await codeFor(idp, provider, email) },
      });
      expect(token.status).toBe(200);
      expect(token.body.token).toMatch(/^quire_/);
      // Disabled between the ACS and the exchange: no session.
      const late = await codeFor(idp, provider, email);
      await setDisabled(org.id, res.body.user.id);
      const refused = await call("POST", "/sessions/sso", { body: { code: late } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("Set-Cookie")).toBeNull();
      expect((await session.get("/user")).status).toBe(401);
    });
  });
});
