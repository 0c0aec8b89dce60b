import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, makeToken, makeUser } from "../helpers/factories";
import { grant, makeCollection } from "../helpers/collections-factories";
import { grantSpace, makeSpace, readSpace, setDeletedAt } from "../helpers/spaces-factories";
import { makeShareLink, makeSite } from "../helpers/sites-factories";
import { SELF } from "cloudflare:test";
import { emptyStorage } from "../helpers/storage";

describe("get-update", () => {
  describe("GET /v1/spaces/{spaceId}", () => {
    it("returns the space with the caller's permissions in one round trip", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const col = await makeCollection(org.id);
      const space = await makeSpace(org.id, owner, { parent: col.id, emoji: "🎉", language: "de" });
      const res = await as(reader.token).get(`/spaces/${space.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: "space",
        id: space.id,
        title: space.title,
        emoji: "🎉",
        language: "de",
        parent: col.id,
        organization: org.id,
        revision: space.revisionId,
        createdAt: space.createdAt,
        updatedAt: space.updatedAt,
        changeRequests: 0,
        comments: 0,
      });
      expect(res.body.permissions).toEqual({
        view: true,
        access: true,
        admin: false,
        viewInviteLinks: false,
        edit: false,
        triggerGitSync: false,
        comment: false,
        merge: false,
        review: false,
        installIntegration: false,
      });
      expect(d1Cost(res).roundTrips).toBe(1);
    });

    it("resolves a shareKey through the published-access rules (compat notes: sites)", async () => {
      const { org, owner } = await makeOrg();
      const outsider = await makeUser();
      const space = await makeSpace(org.id, owner);
      const site = await makeSite(org.id, owner, {
        spaces: [space],
        visibility: "share-link",
        published: true,
      });
      const link = await makeShareLink(site.id);
      const ok = await as(owner.token).get(`/spaces/${space.id}`, { query: { shareKey: "abc" } });
      expect(ok.status).toBe(200);
      expect(ok.body.permissions.admin).toBe(true);
      expect(d1Cost(ok).roundTrips).toBe(1);
      const read = await as(outsider.token).get(`/spaces/${space.id}`, {
        query: { shareKey: link.key },
      });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: space.id, title: space.title });
      expect(read.body.permissions).toMatchObject({ view: true, access: true, edit: false });
      expect(d1Cost(read).roundTrips).toBe(2);
      const scoped = await makeToken(outsider.user.id, { scopes: ["site:read"] });
      const noScope = await as(scoped).get(`/spaces/${space.id}`, {
        query: { shareKey: link.key },
      });
      expect(noScope.status).toBe(403);
      const withKey = await as(outsider.token).get(`/spaces/${space.id}`, {
        query: { shareKey: "abc" },
      });
      const missing = await as(outsider.token).get(`/spaces/neverexisted`, {
        query: { shareKey: "abc" },
      });
      expect(withKey.status).toBe(404);
      expect(withKey.text).toBe(missing.text);
      expect(d1Cost(withKey).roundTrips).toBeLessThanOrEqual(2);
      const empty = await as(owner.token).get(`/spaces/${space.id}`, { query: { shareKey: "" } });
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toMatch(/^query\.shareKey: /);
      const noJwt = await as(owner.token).get(`/spaces/${space.id}`, {
        query: { visitorAuthToken: "" },
      });
      expect(noJwt.body.error.message).toMatch(/^query\.visitorAuthToken: /);
    });

    it("answers 404 for a deleted space", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      await setDeletedAt(space.id, new Date().toISOString());
      const res = await as(owner.token).get(`/spaces/${space.id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Space not found");
    });
  });

  authorizationMatrix("GET /v1/spaces/{spaceId}", {
    setup: async (world) => {
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      return space;
    },
    request: (_w, space) => ({ method: "GET", path: `/spaces/${space.id}` }),
    missing: () => ({ method: "GET", path: "/spaces/neverexisted" }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });

  describe("PATCH /v1/spaces/{spaceId}", () => {
    it("lets an editor change title, emoji and language; updatedAt moves", async () => {
      const { org, owner } = await makeOrg();
      const editor = await makeMember(org.id, "edit");
      const space = await makeSpace(org.id, owner, { emoji: "🎉" });
      await new Promise((r) => setTimeout(r, 5));
      await warmToken(editor.token); // steady state: the isolate knows the token
      const res = await as(editor.token).patch(`/spaces/${space.id}`, {
        title: "Renamed",
        emoji: "1f4da",
        language: "ja",
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: "Renamed", emoji: "1f4da", language: "ja" });
      expect(d1Cost(res).roundTrips).toBe(2);
      expect(res.body.updatedAt > space.updatedAt).toBe(true);
      expect(res.body.createdAt).toBe(space.createdAt);
      const cleared = await as(editor.token).patch(`/spaces/${space.id}`, {
        emoji: null,
        icon: null,
      });
      expect(cleared.body.emoji).toBe("");
      expect((await readSpace(space.id))!.emoji).toBe("");
      for (const body of [
        { editMode: "locked" },
        { defaultLevel: "read" },
        { mergeRules: { type: "none" } },
      ]) {
        const refused = await as(editor.token).patch(`/spaces/${space.id}`, body);
        expect(refused.status, JSON.stringify(body)).toBe(403);
      }
    });

    it("lets an admin change edit mode, default level and each merge-rules form", async () => {
      const { org, owner } = await makeOrg();
      const reviewer = await makeMember(org.id, "review");
      const space = await makeSpace(org.id, owner);
      const patch = (body: unknown) => as(owner.token).patch(`/spaces/${space.id}`, body);
      const res = await patch({ editMode: "locked", defaultLevel: "comment" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ editMode: "locked", defaultLevel: "comment" });
      const rules = {
        type: "rules",
        rules: [{ rule: "require_specific_reviewers", users: [reviewer.user.id, owner.user.id] }],
      };
      expect((await patch({ mergeRules: rules })).body.mergeRules).toEqual(rules);
      expect((await readSpace(space.id))!.mergeRules).toEqual(rules);
      expect((await patch({ mergeRules: { type: "none" } })).body.mergeRules).toEqual({
        type: "none",
      });
      expect((await patch({ mergeRules: { type: "inherit" } })).body.mergeRules).toEqual({
        type: "inherit",
      });
      expect((await patch({ defaultLevel: "inherit" })).body.defaultLevel).toBe("inherit");
    });

    it("reports the caller's new role when the default level they relied on changes", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const space = await makeSpace(org.id, owner, { defaultLevel: "admin" });
      const res = await as(reader.token).patch(`/spaces/${space.id}`, { defaultLevel: "edit" });
      expect(res.status).toBe(200);
      expect(res.body.permissions).toMatchObject({ view: true, edit: true, admin: false });
    });

    it("answers 400 naming the field, the reviewer index included", async () => {
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "read");
      const outsider = await makeUser();
      const space = await makeSpace(org.id, owner);
      const patch = (body: unknown) => as(owner.token).patch(`/spaces/${space.id}`, body);
      const cases: [unknown, RegExp][] = [
        [{ title: "x".repeat(51) }, /^body\.title: /],
        [{ title: "  " }, /^body\.title: /],
        [{ emoji: "x".repeat(51) }, /^body\.emoji: /],
        [{ emoji: "smile" }, /^body\.emoji: /],
        [{ language: "klingon" }, /^body\.language: /],
        [{ editMode: "open" }, /^body\.editMode: /],
        [{ defaultLevel: "owner" }, /^body\.defaultLevel: /],
        [{ mergeRules: { type: "strict" } }, /^body\.mergeRules/],
        [
          { mergeRules: { type: "rules", rules: [{ rule: "custom", expression: "x" }] } },
          /^body\.mergeRules\.rules\[0\]/,
        ],
        [{ icon: "https://example.test/icon.png" }, /^body\.icon: /],
        [{ color: "red" }, /^body: /],
        [
          {
            mergeRules: {
              type: "rules",
              rules: [
                { rule: "require_specific_reviewers", users: [member.user.id, outsider.user.id] },
              ],
            },
          },
          /^body\.mergeRules\.rules\[0\]\.users\[1\]: not a member of this organization$/,
        ],
      ];
      for (const [body, message] of cases) {
        const res = await patch(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.message).toMatch(message);
      }
      expect((await readSpace(space.id))!.mergeRules).toEqual({ type: "inherit" });
    });

    it("answers an empty body with the space unchanged, and 404 once deleted", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const res = await as(owner.token).patch(`/spaces/${space.id}`, {});
      expect(res.status).toBe(200);
      expect(res.body.updatedAt).toBe(space.updatedAt);
      await setDeletedAt(space.id, new Date().toISOString());
      expect((await as(owner.token).patch(`/spaces/${space.id}`, { title: "x" })).status).toBe(404);
    });

    it("takes roles from collection grants too", async () => {
      const { org, owner } = await makeOrg();
      const guest = await makeMember(org.id, null);
      const col = await makeCollection(org.id);
      const space = await makeSpace(org.id, owner, { parent: col.id });
      await grant(col.id, { user: guest.user.id }, "edit");
      const res = await as(guest.token).patch(`/spaces/${space.id}`, { title: "By a guest" });
      expect(res.status).toBe(200);
      expect(res.body.permissions).toMatchObject({ edit: true, admin: false });
    });
  });

  authorizationMatrix("PATCH /v1/spaces/{spaceId} (content fields)", {
    setup: async (world) => {
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      return space;
    },
    request: (_w, space) => ({
      method: "PATCH",
      path: `/spaces/${space.id}`,
      body: { title: "T" },
    }),
    missing: () => ({ method: "PATCH", path: "/spaces/neverexisted", body: { title: "T" } }),
    minimumRole: "edit",
    scope: "space:write",
    success: 200,
  });

  authorizationMatrix("PATCH /v1/spaces/{spaceId} (settings)", {
    setup: async (world) => {
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      return space;
    },
    request: (_w, space) => ({
      method: "PATCH",
      path: `/spaces/${space.id}`,
      body: { editMode: "locked" },
    }),
    missing: () => ({
      method: "PATCH",
      path: "/spaces/neverexisted",
      body: { editMode: "locked" },
    }),
    minimumRole: "admin",
    scope: "space:write",
    success: 200,
  });

  describe("PATCH /v1/spaces/{spaceId} defaultLevel null", () => {
    it("accepts null: no access by default, only explicit grants", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const res = await as(owner.token).patch(`/spaces/${space.id}`, { defaultLevel: null });
      expect(res.status).toBe(200);
      expect(res.body.defaultLevel).toBeNull();
    });
  });
});

describe("create", () => {
  beforeAll(emptyStorage);
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
      const bad = await as(owner.token).post(`/orgs/${org.id}/spaces`, {
        template: { id: "nope" },
      });
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
});

describe("origin", () => {
  beforeAll(emptyStorage);
  // A space's `urls.location` is built from the request's own origin (src/http/urls.ts reads it
  // off the URL without parsing it): whatever the spelling of the URL, the origin URL gives.

  describe("the request's origin in API URLs", () => {
    it.each([
      "https://quire.test",
      "https://QUIRE.test:443",
      "http://quire.test:8787",
      "https://user:secret@quire.test",
    ])("answers %s with URL's own origin", async (base) => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const res = await SELF.fetch(`${base}/v1/spaces/${space.id}`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      });
      expect(res.status).toBe(200);
      const body = await res.json<{ urls: { location: string } }>();
      expect(body.urls.location).toBe(`${new URL(base).origin}/v1/spaces/${space.id}`);
    });
  });
});
