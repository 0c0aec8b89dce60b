import { describe, expect, it } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg } from "../helpers/factories";
import {
  collectionCounters,
  grant,
  makeCollection,
  readCollection,
} from "../helpers/collections-factories";

describe("POST /v1/orgs/{organizationId}/collections", () => {
  it("creates a top-level collection, 201 with Location, and counts it", async () => {
    const { org, owner } = await makeOrg();
    await warmToken(owner.token); // steady state: the isolate knows the token
    const res = await as(owner.token).post(`/orgs/${org.id}/collections`, { title: "Guides" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: "collection",
      title: "Guides",
      organization: org.id,
      defaultLevel: "inherit",
      permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    });
    expect(res.body.parent).toBeUndefined();
    expect(res.body.description).toBeUndefined();
    expect(res.headers.get("Location")).toBe(`https://quire.test/v1/collections/${res.body.id}`);
    expect(d1Cost(res).roundTrips).toBe(2);
    const counters = await collectionCounters(org.id);
    expect(counters.stored).toEqual({ all: 1, roots: 1 });
    expect(counters.stored).toEqual(counters.actual);
  });

  it("creates a nested collection after its siblings and counts the parent's children", async () => {
    const { org, owner } = await makeOrg();
    const parent = await makeCollection(org.id);
    const first = await makeCollection(org.id, { parent: parent.id });
    const res = await as(owner.token).post(`/orgs/${org.id}/collections`, {
      title: "Second",
      parent: parent.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.parent).toBe(parent.id);
    const stored = await readCollection(res.body.id);
    expect(stored!.position > first.position).toBe(true);
    expect((await readCollection(parent.id))!.childrenCount).toBe(2);
    const counters = await collectionCounters(org.id);
    expect(counters.stored).toEqual({ all: 3, roots: 1 });
    expect(counters.stored).toEqual(counters.actual);
  });

  it("names a collection created without a title", async () => {
    const { org, owner } = await makeOrg();
    const res = await as(owner.token).post(`/orgs/${org.id}/collections`, {});
    expect(res.status).toBe(201);
    expect(res.body.title).toBe("Untitled");
  });

  it("lets a member create inside a collection where a grant gives them create", async () => {
    const { org } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const parent = await makeCollection(org.id);
    const refused = await as(reader.token).post(`/orgs/${org.id}/collections`, {
      title: "X",
      parent: parent.id,
    });
    expect(refused.status).toBe(403);
    await grant(parent.id, { user: reader.user.id }, "create");
    const res = await as(reader.token).post(`/orgs/${org.id}/collections`, {
      title: "X",
      parent: parent.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.permissions).toMatchObject({ view: true, create: true, admin: false });
  });

  it("answers 400 naming the field for a bad title, an unknown field or a bad parent", async () => {
    const { org, owner } = await makeOrg();
    const other = await makeOrg();
    const foreign = await makeCollection(other.org.id);
    const hidden = await makeCollection(org.id, { defaultLevel: null });
    const member = await makeMember(org.id, "create");
    const post = (token: string, body: unknown) =>
      as(token).post(`/orgs/${org.id}/collections`, body);

    const long = await post(owner.token, { title: "x".repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/^body\.title: /);
    const blank = await post(owner.token, { title: "  " });
    expect(blank.body.error.message).toMatch(/^body\.title: /);
    const extra = await post(owner.token, { title: "T", description: "no" });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toMatch(/^body: /);

    const unknown = await post(owner.token, { title: "T", parent: "neverexisted" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe("body.parent: no such collection in this organization");
    const elsewhere = await post(owner.token, { title: "T", parent: foreign.id });
    expect(elsewhere.text).toBe(unknown.text);
    // Invisible to the member: the same answer as a collection that does not exist.
    const invisible = await post(member.token, { title: "T", parent: hidden.id });
    const missing = await post(member.token, { title: "T", parent: "neverexisted" });
    expect(invisible.status).toBe(400);
    expect(invisible.text).toBe(missing.text);
    const counters = await collectionCounters(org.id);
    expect(counters.stored).toEqual(counters.actual);
  });
});

authorizationMatrix("POST /v1/orgs/{organizationId}/collections", {
  request: (world) => ({
    method: "POST",
    path: `/orgs/${world.org.id}/collections`,
    body: { title: "New" },
  }),
  missing: () => ({
    method: "POST",
    path: "/orgs/neverexisted/collections",
    body: { title: "New" },
  }),
  minimumRole: "create",
  scope: "space:write",
  success: 201,
});
