import { eq } from "drizzle-orm";
import { describe, expect, it, vi, beforeAll } from "vitest";
import { tokenDigest } from "../../src/auth/tokens";
import { apiTokens } from "../../src/db/schema";
import { as, call, d1Cost } from "../helpers/api";
import { makeOrg, makeToken, makeUser, testDb, makeMember } from "../helpers/factories";
import { makeSession } from "../helpers/sessions";
import { emptyStorage } from "../helpers/storage";

describe("tokens", () => {
  describe("the caller's API tokens", () => {
    it("creates a token whose secret is shown once and works", async () => {
      const { token } = await makeUser();
      const created = await as(token).post("/user/tokens", { label: "CI", scopes: ["space:read"] });
      expect(created.status).toBe(201);
      expect(created.body.token).toMatch(/^quire_[A-Za-z0-9_-]{43}$/);
      expect(created.body).toMatchObject({
        object: "api-token",
        label: "CI",
        scopes: ["space:read"],
      });
      expect(created.body.hint).toBe(created.body.token.slice(-4));
      const me = await as(created.body.token).get("/user");
      expect(me.status).toBe(403); // limited to space:read, which does not include user:read
      const list = await as(token).get("/user/tokens");
      const listed = list.body.items.find((t: { id: string }) => t.id === created.body.id);
      expect(listed).toBeDefined();
      expect(listed.token).toBeUndefined();
    });

    it("records lastUsedAt after a use", async () => {
      const { user, token } = await makeUser();
      const extra = await makeToken(user.id);
      await as(extra).get("/user");
      const list = await as(token).get("/user/tokens");
      const used = list.body.items.filter(
        (t: { lastUsedAt: string | null }) => t.lastUsedAt !== null,
      );
      expect(used.length).toBeGreaterThanOrEqual(1);
    });

    it("revokes a token: 204, then 401 with it; revoking again or another user's token is 204 and changes nothing", async () => {
      const { user, token } = await makeUser();
      const other = await makeUser();
      const victim = await makeToken(user.id);
      const list = await as(token).get("/user/tokens");
      const target = list.body.items.find((t: { hint: string }) => t.hint === victim.slice(-4));
      expect((await as(token).delete(`/user/tokens/${target.id}`)).status).toBe(204);
      expect((await as(victim).get("/user")).status).toBe(401);
      expect((await as(token).delete(`/user/tokens/${target.id}`)).status).toBe(204);
      expect((await as(other.token).delete(`/user/tokens/${list.body.items[0].id}`)).status).toBe(
        204,
      );
      expect((await as(token).get("/user")).status).toBe(200);
    });

    it("refuses an expiry in the past and unknown scopes", async () => {
      const { token } = await makeUser();
      const past = await as(token).post("/user/tokens", {
        label: "x",
        expiresAt: "2001-01-01T00:00:00Z",
      });
      expect(past.status).toBe(400);
      expect(past.body.error.message).toMatch(/^body\.expiresAt/);
      const scope = await as(token).post("/user/tokens", { label: "x", scopes: ["root"] });
      expect(scope.status).toBe(400);
      expect(scope.body.error.message).toMatch(/^body\.scopes\[0\]/);
    });

    it("lets a scoped token mint only tokens within its scopes", async () => {
      const { user } = await makeUser();
      const scoped = await makeToken(user.id, { scopes: ["space:read", "user:write"] });
      expect((await as(scoped).post("/user/tokens", { label: "wider" })).status).toBe(403);
      expect(
        (await as(scoped).post("/user/tokens", { label: "w", scopes: ["site:read"] })).status,
      ).toBe(403);
      expect(
        (await as(scoped).post("/user/tokens", { label: "n", scopes: ["space:read"] })).status,
      ).toBe(201);
    });

    it("needs user:read to list tokens and user:write to create or revoke them", async () => {
      const { user, token } = await makeUser();
      const orgOnly = await makeToken(user.id, { scopes: ["organization:read"] });
      const reader = await makeToken(user.id, { scopes: ["user:read"] });
      const victim = await makeToken(user.id);
      const victimId = (await as(token).get("/user/tokens")).body.items.find(
        (t: { hint: string }) => t.hint === victim.slice(-4),
      ).id;
      const listed = await as(orgOnly).get("/user/tokens");
      expect(listed.status).toBe(403);
      expect(listed.body.error.message).toMatch(/user:read/);
      expect((await as(reader).get("/user/tokens")).status).toBe(200);
      for (const weak of [orgOnly, reader]) {
        const revoked = await as(weak).delete(`/user/tokens/${victimId}`);
        expect(revoked.status).toBe(403);
        expect(revoked.body.error.message).toMatch(/user:write/);
        const created = await as(weak).post("/user/tokens", { label: "x", scopes: ["user:read"] });
        expect(created.status).toBe(403);
      }
      expect((await as(victim).get("/user")).status).toBe(200);
    });

    it("never mints a token that outlives its parent", async () => {
      const { user } = await makeUser();
      const soon = new Date(Date.now() + 60_000).toISOString();
      const parent = await makeToken(user.id, { expiresAt: soon });
      const inherited = await as(parent).post("/user/tokens", { label: "child" });
      expect(inherited.status).toBe(201);
      expect(inherited.body.expiresAt).toBe(soon);
      const later = await as(parent).post("/user/tokens", {
        label: "later",
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(later.status).toBe(400);
      expect(later.body.error.message).toMatch(/^body\.expiresAt: must not be later/);
      const earlier = new Date(Date.now() + 30_000).toISOString();
      const shorter = await as(parent).post("/user/tokens", { label: "s", expiresAt: earlier });
      expect(shorter.status).toBe(201);
      expect(shorter.body.expiresAt).toBe(earlier);
    });

    it("answers 401, not 400, to an unknown token with a malformed body or query", async () => {
      const unknown = `quire_${"A".repeat(43)}`;
      const body = await call("POST", "/user/tokens", {
        token: unknown,
        rawBody: "{",
        headers: { "Content-Type": "application/json" },
      });
      expect(body.status).toBe(401);
      const query = await call("GET", "/user/tokens", { token: unknown, query: { limit: -1 } });
      expect(query.status).toBe(401);
    });

    it("authenticates a cold token before a body (one round trip more), a known one for free", async () => {
      const { org, owner } = await makeOrg();
      const cold = await as(owner.token).post(`/orgs/${org.id}/collections`, { title: "A" });
      const warm = await as(owner.token).post(`/orgs/${org.id}/collections`, { title: "B" });
      expect([cold.status, warm.status]).toEqual([201, 201]);
      expect(d1Cost(cold).roundTrips).toBe(d1Cost(warm).roundTrips + 1);
    });

    it("refuses a token revoked in this isolate at once, body or not", async () => {
      const { org, owner } = await makeOrg();
      const extra = await makeToken(owner.user.id);
      expect((await as(extra).post(`/orgs/${org.id}/collections`, { title: "A" })).status).toBe(
        201,
      );
      const id = (await as(owner.token).get("/user/tokens")).body.items.find(
        (t: { hint: string }) => t.hint === extra.slice(-4),
      ).id;
      expect((await as(owner.token).delete(`/user/tokens/${id}`)).status).toBe(204);
      const after = await as(extra).post(`/orgs/${org.id}/collections`, { title: "B" });
      expect(after.status).toBe(401);
      expect((await as(extra).get(`/orgs/${org.id}`)).status).toBe(401);
    });

    it("trusts a verified token for 10 s only to read a body first; a revocation elsewhere wins at once", async () => {
      const { org, owner } = await makeOrg();
      const extra = await makeToken(owner.user.id);
      const start = Date.now();
      vi.useFakeTimers({ toFake: ["Date"], now: start });
      try {
        const post = (title: string) => as(extra).post(`/orgs/${org.id}/collections`, { title });
        const cold = await post("A");
        const warm = await post("B");
        vi.setSystemTime(start + 9_000);
        const stillWarm = await post("C");
        vi.setSystemTime(start + 20_000); // 11 s after the last verification: forgotten
        const cooled = await post("D");
        expect([cold, warm, stillWarm, cooled].map((r) => r.status)).toEqual([201, 201, 201, 201]);
        expect(d1Cost(warm).roundTrips).toBe(d1Cost(cold).roundTrips - 1);
        expect(d1Cost(stillWarm).roundTrips).toBe(d1Cost(warm).roundTrips);
        expect(d1Cost(cooled).roundTrips).toBe(d1Cost(cold).roundTrips);
        // Revoked by another isolate (straight in D1: this isolate's memory is not told): every
        // access check reads the token in its own statement, so the next request is refused.
        await testDb()
          .update(apiTokens)
          .set({ revokedAt: new Date(start + 20_000).toISOString() })
          .where(eq(apiTokens.digest, await tokenDigest(extra)));
        expect((await post("E")).status).toBe(401);
        expect((await as(extra).get(`/orgs/${org.id}`)).status).toBe(401);
      } finally {
        vi.useRealTimers();
      }
    });

    it("refuses every token route without a valid token", async () => {
      expect((await call("GET", "/user/tokens")).status).toBe(401);
      expect((await call("POST", "/user/tokens", { body: { label: "x" } })).status).toBe(401);
      expect((await call("DELETE", "/user/tokens/abc")).status).toBe(401);
    });
  });

  describe("list pagination (on the token list)", () => {
    it("pages with signed cursors, neither skipping nor repeating rows when rows are inserted", async () => {
      const { user, token } = await makeUser();
      for (let i = 0; i < 4; i++) await makeToken(user.id);
      const first = await as(token).get("/user/tokens", { query: { limit: 2 } });
      expect(first.body.count).toBe(5);
      expect(first.body.items).toHaveLength(2);
      expect(first.body.next.page).toBeTruthy();
      await makeToken(user.id); // inserted between requests: newest first, so before the cursor
      const second = await as(token).get("/user/tokens", {
        query: { limit: 2, page: first.body.next.page },
      });
      const third = await as(token).get("/user/tokens", {
        query: { limit: 2, page: second.body.next.page },
      });
      const seen = [...first.body.items, ...second.body.items, ...third.body.items].map(
        (t: { id: string }) => t.id,
      );
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(5);
      expect(third.body.next).toBeUndefined();
    });

    it("refuses a cursor the server did not issue, or one of another list", async () => {
      const a = await makeUser();
      const b = await makeUser();
      await makeToken(a.user.id);
      const page = (await as(a.token).get("/user/tokens", { query: { limit: 1 } })).body.next.page;
      expect(
        (await as(a.token).get("/user/tokens", { query: { page: "forged.cursor" } })).status,
      ).toBe(400);
      expect((await as(a.token).get("/user/tokens", { query: { page: page + "x" } })).status).toBe(
        400,
      );
      const foreign = await as(b.token).get("/user/tokens", { query: { page } });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.message).toMatch(/^query\.page/);
    });

    it("refuses a limit outside 1..1000", async () => {
      const { token } = await makeUser();
      expect((await as(token).get("/user/tokens", { query: { limit: 0 } })).status).toBe(400);
      expect((await as(token).get("/user/tokens", { query: { limit: 1001 } })).status).toBe(400);
      expect((await as(token).get("/user/tokens", { query: { limit: 1000 } })).status).toBe(200);
    });

    it("costs at most two D1 round trips per page", async () => {
      const { token } = await makeUser();
      const res = await as(token).get("/user/tokens");
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
    });
  });
});

describe("profile", () => {
  beforeAll(emptyStorage);
  /** The official `updateUserById`: a person edits their own name and photo, and nobody else's. */
  describe("PATCH /v1/users/{userId}", () => {
    it("changes the caller's name and photo, and removes the photo with null", async () => {
      const { user, token } = await makeUser({ displayName: "Ada" });
      const photoURL = "https://images.example.test/ada.png";
      const res = await as(token).patch(`/users/${user.id}`, {
        displayName: "  Ada L.  ",
        photoURL,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, displayName: "Ada L.", photoURL });
      expect((await as(token).get("/user")).body.displayName).toBe("Ada L.");
      const removed = await as(token).patch(`/users/${user.id}`, { photoURL: null });
      expect(removed.status).toBe(200);
      expect(removed.body.photoURL).toBeUndefined();
      expect(removed.body.displayName).toBe("Ada L.");
    });

    it("refuses what a page could not show safely, naming the field, and changes nothing", async () => {
      const { user, token } = await makeUser({ displayName: "Bea" });
      const refused: [unknown, string][] = [
        [{}, "displayName"],
        [{ displayName: "" }, "displayName"],
        [{ displayName: "x".repeat(65) }, "displayName"],
        [{ displayName: "a\u0007b" }, "displayName"],
        [{ photoURL: "javascript:alert(1)" }, "photoURL"],
        [{ photoURL: "http://images.example.test/a.png" }, "photoURL"],
        [{ photoURL: "data:image/png;base64,AAAA" }, "photoURL"],
        [{ photoURL: "https://user:pass@images.example.test/a.png" }, "photoURL"],
        [{ photoURL: `https://images.example.test/${"a".repeat(2048)}` }, "photoURL"],
        // The e-mail address is a way in, changed only through sign-in (never by this operation).
        [{ email: "other@example.test" }, "body"],
      ];
      for (const [body, field] of refused) {
        const res = await as(token).patch(`/users/${user.id}`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        if (field !== "displayName" || Object.keys(body as object).length > 0) {
          expect(res.body.error.message, JSON.stringify(body)).toContain(field);
        }
      }
      expect((await as(token).get("/user")).body).toMatchObject({ displayName: "Bea" });
    });

    it("answers each caller kind: session, token, scoped token, no credential, others", async () => {
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "read");
      const stranger = await makeUser();
      const path = `/users/${member.user.id}`;
      const body = { displayName: "Renamed" };
      // No credential, a bad one: 401.
      expect((await call("PATCH", path, { body })).status).toBe(401);
      expect((await as(`quire_${"C".repeat(43)}`).patch(path, body)).status).toBe(401);
      // A token scoped without user:write: 403; with it: 200.
      const readOnly = await makeToken(member.user.id, { scopes: ["user:read"] });
      expect((await as(readOnly).patch(path, body)).status).toBe(403);
      const writer = await makeToken(member.user.id, { scopes: ["user:write"] });
      expect((await as(writer).patch(path, body)).status).toBe(200);
      // Someone who sees the person (same organization): 403; someone who does not: the 404 of a
      // user that never existed, byte for byte.
      expect((await as(owner.token).patch(path, body)).status).toBe(403);
      const hidden = await as(stranger.token).patch(path, body);
      const missing = await as(stranger.token).patch("/users/doesnotexist", body);
      expect(hidden.status).toBe(404);
      expect(hidden.text).toBe(missing.text);
      // A session: with its CSRF proof 200, without it 403, revoked 401.
      const session = await makeSession(member.user.id);
      const byCookie = await call("PATCH", path, {
        body: { displayName: "Cookie" },
        headers: session.headers,
      });
      expect(byCookie.status).toBe(200);
      expect(byCookie.body.displayName).toBe("Cookie");
      const { "X-Quire-CSRF": _, ...noProof } = session.headers;
      expect((await call("PATCH", path, { body, headers: noProof })).status).toBe(403);
      const revoked = await makeSession(member.user.id, { revoked: true });
      expect((await call("PATCH", path, { body, headers: revoked.headers })).status).toBe(401);
    });
  });
});

describe("user", () => {
  beforeAll(emptyStorage);
  describe("GET /v1/user", () => {
    it("returns the caller", async () => {
      const { user, token } = await makeUser({ displayName: "Ada" });
      const res = await as(token).get("/user");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: "user",
        id: user.id,
        displayName: "Ada",
        email: user.email,
      });
      expect(res.body.urls.location).toBe(`https://quire.test/v1/users/${user.id}`);
    });

    it("refuses a missing or unknown token with 401", async () => {
      expect((await call("GET", "/user")).status).toBe(401);
      expect((await as(`quire_${"B".repeat(43)}`).get("/user")).status).toBe(401);
    });
  });

  describe("GET /v1/users/{userId}", () => {
    it("shows a user who shares an organization, and hides one who does not", async () => {
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "read");
      const stranger = await makeUser();
      const seen = await as(owner.token).get(`/users/${member.user.id}`);
      expect(seen.status).toBe(200);
      expect(seen.body.id).toBe(member.user.id);
      const hidden = await as(owner.token).get(`/users/${stranger.user.id}`);
      const missing = await as(owner.token).get(`/users/doesnotexist`);
      expect(hidden.status).toBe(404);
      expect(hidden.text).toBe(missing.text);
    });

    it("shows the caller to themselves in one D1 round trip", async () => {
      const { user, token } = await makeUser();
      const res = await as(token).get(`/users/${user.id}`);
      expect(res.status).toBe(200);
    });
  });
});
