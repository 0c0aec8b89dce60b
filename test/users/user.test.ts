import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeMember, makeOrg, makeUser } from "../helpers/factories";

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
