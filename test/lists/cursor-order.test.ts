// One order of checks on every list (docs/compatibility.md, Lists): 401, then the 404 of what the
// caller cannot see, then 403, and only then the 400 of a bad cursor.
import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeMember, makeOrg, makeUser } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";

const FORGED = "forged.cursor";

describe("a bad cursor is refused after the access check", () => {
  it("answers an organization's lists with 401, then 404, then 403, then 400", async () => {
    const { org, owner } = await makeOrg();
    const stranger = await makeUser();
    const guest = await makeMember(org.id, null);
    const page = { page: FORGED };
    for (const list of ["sites", "teams", "spaces", "members", "change-requests"]) {
      const path = `/orgs/${org.id}/${list}`;
      const unknown = await as("quire_" + "x".repeat(43)).get(path, { query: page });
      expect(unknown.status, list).toBe(401);
      const hidden = await as(stranger.token).get(path, { query: page });
      expect(hidden.status, list).toBe(404);
      const refused = await as(owner.token).get(path, { query: page });
      expect(refused.status, list).toBe(400);
      expect(refused.body.error.message, list).toBe("query.page: invalid page cursor");
    }
    const members = await as(guest.token).get(`/orgs/${org.id}/members`, { query: page });
    expect(members.status).toBe(403);
  });

  it("answers a space's lists with 404 to a caller who cannot see the space", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const stranger = await makeUser();
    for (const list of ["comments", "change-requests", "search", "links"]) {
      const path = `/spaces/${space.id}/${list}`;
      const query = list === "search" ? { query: "x", page: FORGED } : { page: FORGED };
      const hidden = await as(stranger.token).get(path, { query });
      expect(hidden.status, list).toBe(404);
      const refused = await as(owner.token).get(path, { query });
      expect(refused.status, list).toBe(400);
      expect(refused.body.error.message, list).toBe("query.page: invalid page cursor");
    }
  });
});
