import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeMember, makeOrg, makeToken, makeUser } from "../helpers/factories";
import { makeSession } from "../helpers/sessions";

/** The official `updateUserById`: a person edits their own name and photo, and nobody else's. */
describe("PATCH /v1/users/{userId}", () => {
  it("changes the caller's name and photo, and removes the photo with null", async () => {
    const { user, token } = await makeUser({ displayName: "Ada" });
    const photoURL = "https://images.example.test/ada.png";
    const res = await as(token).patch(`/users/${user.id}`, { displayName: "  Ada L.  ", photoURL });
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
