import { describe, expect, it } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg } from "../helpers/factories";
import { grant, makeCollection } from "../helpers/collections-factories";
import { readSpace } from "../helpers/spaces-factories";

describe("POST /v1/orgs/{organizationId}/spaces", () => {
  it("creates a top-level space with every Space field; counters start at 0", async () => {
    const { org, owner } = await makeOrg();
    await warmToken(owner.token); // steady state: the isolate knows the token
    const res = await as(owner.token).post(`/orgs/${org.id}/spaces`, {
      title: "Handbook",
      emoji: "📘",
      language: "fr",
      editMode: "locked",
    });
    expect(res.status).toBe(201);
    const space = res.body;
    expect(space).toMatchObject({
      object: "space",
      title: "Handbook",
      emoji: "📘",
      organization: org.id,
      visibility: "private",
      editMode: "locked",
      language: "fr",
      defaultLevel: "inherit",
      mergeRules: { type: "inherit" },
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
    });
    expect(space.parent).toBeUndefined();
    expect(space.deletedAt).toBeUndefined();
    expect(space.urls).toEqual({
      location: `https://quire.test/v1/spaces/${space.id}`,
      app: `https://app.quire.test/s/${space.id}`,
    });
    expect(space.permissions).toMatchObject({ view: true, admin: true, edit: true, merge: true });
    expect(res.headers.get("Location")).toBe(space.urls.location);
    const row = await readSpace(space.id);
    expect(row!.revisionId).toBe(space.revision);
    expect(row!.createdBy).toBe(owner.user.id);
    expect(space.createdAt).toBe(row!.createdAt);
    expect(d1Cost(res).roundTrips).toBe(2);
  });

  it("defaults the title and emoji, and appends spaces after their siblings", async () => {
    const { org, owner } = await makeOrg();
    const a = await as(owner.token).post(`/orgs/${org.id}/spaces`, {});
    const b = await as(owner.token).post(`/orgs/${org.id}/spaces`, { empty: true });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ title: "Untitled", emoji: "" });
    expect(a.body.language).toBeUndefined();
    const [ra, rb] = [await readSpace(a.body.id), await readSpace(b.body.id)];
    expect(ra!.position < rb!.position).toBe(true);
  });

  it("creates a space in a collection for a member with create there", async () => {
    const { org } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const col = await makeCollection(org.id);
    const refused = await as(reader.token).post(`/orgs/${org.id}/spaces`, { parent: col.id });
    expect(refused.status).toBe(403);
    await grant(col.id, { user: reader.user.id }, "create");
    const res = await as(reader.token).post(`/orgs/${org.id}/spaces`, { parent: col.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ parent: col.id, visibility: "in-collection" });
    expect(res.body.permissions).toMatchObject({ view: true, edit: true, admin: false });
    // Still no top-level creation for a reader.
    expect((await as(reader.token).post(`/orgs/${org.id}/spaces`, {})).status).toBe(403);
  });

  it("answers 404 for a parent collection that is absent, elsewhere or invisible", async () => {
    const { org, owner } = await makeOrg();
    const other = await makeOrg();
    const foreign = await makeCollection(other.org.id);
    const member = await makeMember(org.id, "create");
    const hidden = await makeCollection(org.id, { defaultLevel: null });
    for (const [token, parent] of [
      [owner.token, "neverexisted"],
      [owner.token, foreign.id],
      [member.token, hidden.id],
    ] as const) {
      const res = await as(token).post(`/orgs/${org.id}/spaces`, { parent });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Collection not found");
    }
  });

  it("creates a space from a built-in template, its pages on main", async () => {
    const { org, owner } = await makeOrg();
    const res = await as(owner.token).post(`/orgs/${org.id}/spaces`, {
      title: "Changes",
      template: { id: "changelog" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.revision).not.toBe(undefined);
    const pages = await as(owner.token).get(`/spaces/${res.body.id}/content/pages`);
    expect(pages.status).toBe(200);
    expect(pages.body.pages.length).toBeGreaterThan(1);
    const before = (await as(owner.token).get(`/orgs/${org.id}/spaces`)).body.count;
    const bad = await as(owner.token).post(`/orgs/${org.id}/spaces`, { template: { id: "nope" } });
    expect(bad.status).toBe(400);
    // A refused template creates nothing.
    expect((await as(owner.token).get(`/orgs/${org.id}/spaces`)).body.count).toBe(before);
  });

  it("answers 400 naming the field", async () => {
    const { org, owner } = await makeOrg();
    const post = (body: unknown) => as(owner.token).post(`/orgs/${org.id}/spaces`, body);
    const cases: [unknown, RegExp][] = [
      [{ title: "x".repeat(51) }, /^body\.title: /],
      [{ emoji: "not an emoji" }, /^body\.emoji: /],
      [{ emoji: "🎉".repeat(51) }, /^body\.emoji: /],
      [{ language: "xx" }, /^body\.language: /],
      [{ editMode: "frozen" }, /^body\.editMode: /],
      [{ template: "blank" }, /^body\.template: /],
      [{ template: { id: "nope" } }, /^body\.template\.id: /],
      [
        {
          template: {
            id: "product-docs",
            params: { contentRefs: { logo: { kind: "file", file: "f1" } } },
          },
        },
        /^body\.template\.params\.contentRefs\.logo/,
      ],
      [{ template: { id: "changelog" }, empty: true }, /^body\.empty: /],
      [{ computedSource: {} }, /^body\.computedSource: /],
      [{ empty: false }, /^body\.empty: /],
      [{ color: "red" }, /^body: /],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
  });
});

authorizationMatrix("POST /v1/orgs/{organizationId}/spaces", {
  request: (world) => ({
    method: "POST",
    path: `/orgs/${world.org.id}/spaces`,
    body: { title: "New" },
  }),
  missing: () => ({ method: "POST", path: "/orgs/neverexisted/spaces", body: { title: "New" } }),
  minimumRole: "create",
  scope: "space:write",
  success: 201,
});
