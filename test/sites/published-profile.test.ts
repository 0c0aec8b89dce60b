import { describe, expect, it } from "vitest";
import { contentGrants } from "../../src/db/schema";
import { as } from "../helpers/api";
import { makeMember, makeOrg, makeUser, testDb } from "../helpers/factories";
import { grant, makeCollection } from "../helpers/collections-factories";
import { makeSpace } from "../helpers/spaces-factories";
import { makeHiddenSpace, makeShareLink, makeSite } from "../helpers/sites-factories";
import { seedSearchIndex, word } from "../search/fixtures";

// The published profile reads the site's tree with statements written once per isolate
// (src/services/sites/tree-reads.ts): these pin what they read for members and visitors.

/** A structure item of a published profile, as far as these tests read it. */
type Item = { space: { id: string; permissions: Record<string, boolean> } };

/** The structure items of a published profile, by space id. */
function bySpace(body: { structure: { structure: Item[] } }) {
  return new Map(body.structure.structure.map((item) => [item.space.id, item] as const));
}

describe("GET .../sites/{siteId}/published: the tree's spaces", () => {
  it("gives a member their role on each space from its collections and the grants", async () => {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const closed = await makeCollection(org.id, { defaultLevel: null });
    const nested = await makeCollection(org.id, { parent: closed.id });
    await grant(closed.id, { user: reader.user.id }, "edit");
    const underGrant = await makeSpace(org.id, owner, { parent: nested.id });
    const hidden = await makeHiddenSpace(org.id, owner);
    const ownGrant = await makeSpace(org.id, owner, { defaultLevel: null });
    await testDb().insert(contentGrants).values({
      resourceType: "space",
      resourceId: ownGrant.id,
      principalType: "user",
      principalId: reader.user.id,
      role: "admin",
      createdAt: new Date().toISOString(),
    });
    const plain = await makeSpace(org.id, owner);
    const site = await makeSite(org.id, owner, {
      spaces: [underGrant, hidden, ownGrant, plain],
      published: true,
    });
    const res = await as(reader.token).get(`/orgs/${org.id}/sites/${site.id}/published`);
    expect(res.status).toBe(200);
    const items = bySpace(res.body);
    const permissions = (id: string) => items.get(id)?.space.permissions;
    expect(permissions(underGrant.id)).toMatchObject({ view: true, edit: true, admin: false });
    expect(permissions(ownGrant.id)).toMatchObject({ view: true, admin: true });
    expect(permissions(plain.id)).toMatchObject({ view: true, edit: false });
    // No role on it, but the published site lets any token in: read-only, as for a visitor and
    // as `GET /v1/spaces/{id}` answers the member.
    expect(permissions(hidden.id)).toMatchObject({ view: true, edit: false, admin: false });
    const direct = await as(reader.token).get(`/spaces/${hidden.id}`);
    expect(direct.body.permissions).toEqual(permissions(hidden.id));
    // A visitor reads every space the site publishes, read-only.
    const outsider = await makeUser();
    const visitor = await as(outsider.token).get(`/orgs/${org.id}/sites/${site.id}/published`);
    for (const item of visitor.body.structure.structure) {
      expect(item.space.permissions).toMatchObject({ view: true, edit: false, admin: false });
    }
  });

  it("gives a member no role on a space they cannot see when the site lets no visitor in", async () => {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const hidden = await makeHiddenSpace(org.id, owner);
    const plain = await makeSpace(org.id, owner);
    const site = await makeSite(org.id, owner, { spaces: [hidden, plain], published: false });
    const res = await as(reader.token).get(`/orgs/${org.id}/sites/${site.id}/published`);
    expect(res.status).toBe(200);
    const items = bySpace(res.body);
    expect(items.get(hidden.id)?.space.permissions).toMatchObject({ view: false, edit: false });
    expect(items.get(plain.id)?.space.permissions).toMatchObject({ view: true });
    expect((await as(reader.token).get(`/spaces/${hidden.id}`)).status).toBe(404);
  });

  it("lets a member's site search find what a visitor's finds on a public site", async () => {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const hidden = await makeHiddenSpace(org.id, owner);
    const plain = await makeSpace(org.id, owner);
    const w = word();
    await seedSearchIndex(hidden, [{ id: "h", title: "Hidden", sections: [`On ${w}.`] }]);
    await seedSearchIndex(plain, [{ id: "p", title: "Plain", sections: [`On ${w}.`] }]);
    const site = await makeSite(org.id, owner, { spaces: [hidden, plain], published: true });
    const found = async (token: string) => {
      const res = await as(token).post(`/orgs/${org.id}/sites/${site.id}/search`, {
        query: w,
        scope: { mode: "all" },
      });
      expect(res.status, res.text).toBe(200);
      return new Set((res.body.items as { id: string }[]).map((i) => i.id));
    };
    const everything = new Set([hidden.id, plain.id]);
    expect(await found((await makeUser()).token)).toEqual(everything);
    expect(await found(reader.token)).toEqual(everything);
  });

  it("decorates the spaces' published URLs with a valid share key, and only then", async () => {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner, {
      spaces: 1,
      published: true,
      visibility: "share-link",
    });
    const link = await makeShareLink(site.id);
    const base = `/orgs/${org.id}/sites/${site.id}/published`;
    const outsider = await makeUser();
    const shared = await as(outsider.token).get(base, { query: { shareKey: link.key } });
    expect(shared.status).toBe(200);
    const [item] = shared.body.structure.structure;
    expect(item.space.urls.published).toContain(`?share=${link.key}`);
    // A member without a key: the share-link site is no placement for its space.
    const member = await as(owner.token).get(base);
    expect(member.body.structure.structure[0].space.urls.published).toBeUndefined();
    const wrong = await as(owner.token).get(base, { query: { shareKey: "nope" } });
    expect(wrong.body.structure.structure[0].space.urls.published).toBeUndefined();
    expect((await as(outsider.token).get(base, { query: { shareKey: "nope" } })).status).toBe(404);
  });
});
