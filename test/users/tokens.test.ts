import { describe, expect, it } from "vitest";
import { as, call, d1Cost } from "../helpers/api";
import { makeToken, makeUser } from "../helpers/factories";

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
    const scoped = await makeToken(user.id, { scopes: ["space:read", "user:read"] });
    expect((await as(scoped).post("/user/tokens", { label: "wider" })).status).toBe(403);
    expect(
      (await as(scoped).post("/user/tokens", { label: "w", scopes: ["site:read"] })).status,
    ).toBe(403);
    expect(
      (await as(scoped).post("/user/tokens", { label: "n", scopes: ["space:read"] })).status,
    ).toBe(201);
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
