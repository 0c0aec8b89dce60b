import { beforeAll, describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeOrg, makeToken, makeUser, type TestUser } from "../helpers/factories";
import { asSession, makeSession, type TestSession } from "../helpers/sessions";

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

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
    expect((await call("GET", "/user", { headers: { Cookie: session.cookie } })).status).toBe(200);
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
  ])("refuses a state-changing request with %s (403, before the body)", async (_, headers, why) => {
    // A body that is not JSON: the refusal comes before it is read.
    const res = await asSession(session).post("/user/tokens", undefined, {
      headers: { ...headers, "Content-Type": "application/json", "Content-Length": "5" },
      rawBody: "{oops",
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/^Cross-site request refused: /);
    expect(res.body.error.message).toMatch(why);
  });

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
    const rest = await asSession(a).get("/user/sessions", { query: { page: list.body.next.page } });
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
