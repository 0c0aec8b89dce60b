import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { spacePermissions } from "../../src/auth/space";
import { collectionPermissions } from "../../src/auth/collection";
import { createCr } from "../helpers/change-requests-factories";
import { makeSite } from "../helpers/sites-factories";
import { seedSearchIndex, word } from "../search/fixtures";
import { modelRole, makeRoleWorld, type RoleWorld, type WorldCaller } from "../helpers/role-worlds";

type Permissions = Record<string, boolean>;
type Item = { id: string; permissions: Permissions };

/**
 * One rule for a space's effective role, on every surface that shows one: over generated
 * organizations (members of every role, guests, disabled members, teams, nested collections
 * with inherited, closed and set levels, spaces with their own, user and team grants), the
 * space check (`GET /v1/spaces/{id}`), the collection check, the space, collection and
 * change-request lists, the organization search, a site's structure, published profile and
 * search, and the spaces a site may publish all agree with the rule written out plainly
 * (`modelRole`). On a published public site, a space the caller has no role on reads as it does
 * for a visitor (role `read`), in `GET /v1/spaces/{id}` and in the site's reads alike.
 */
describe("a space's effective role, on every surface", () => {
  for (const seed of [1, 2, 3]) {
    it(`agrees with the rule in generated world ${seed}`, { timeout: 120_000 }, async () => {
      const world = await makeRoleWorld(seed);
      const w = word();
      for (const [i, space] of world.spaces.entries()) {
        await seedSearchIndex(space, [{ id: `p${i}`, title: `Page ${i}`, sections: [`On ${w}.`] }]);
        if (!space.deleted) await createCr(world.owner, space.id);
      }
      const published = seed % 2 === 1;
      const site = await makeSite(world.org.id, world.owner, {
        spaces: world.spaces.filter((s) => !s.deleted),
        published,
      });
      for (const caller of world.callers) await check(world, caller, { id: site.id, published }, w);
    });
  }
});

/** Every surface as `caller`, against the rule. */
async function check(
  world: RoleWorld,
  caller: WorldCaller,
  site: { id: string; published: boolean },
  w: string,
) {
  const api = as(caller.token);
  const org = world.org.id;
  const siteId = site.id;
  const why = (what: string) => `${caller.name}: ${what}`;
  const roles = new Map(world.spaces.map((s) => [s.id, modelRole(world, caller, s.id)]));
  const expected = new Map<string, Permissions>();
  for (const [id, role] of roles) if (role) expected.set(id, spacePermissions(role));
  // What a reader reads: their own role, else (a live space of the published site) `read`.
  const readRole = (id: string) => {
    const live = !world.spaces.find((s) => s.id === id)?.deleted;
    return roles.get(id) ?? (site.published && live ? "read" : null);
  };
  const readable = new Map<string, Permissions>();
  for (const s of world.spaces) {
    const role = readRole(s.id);
    if (role) readable.set(s.id, spacePermissions(role));
  }

  for (const space of world.spaces) {
    const res = await api.get(`/spaces/${space.id}`);
    const want = readable.get(space.id);
    expect(res.status, why(`GET space ${space.id}`)).toBe(want ? 200 : 404);
    if (want) expect(res.body.permissions, why(`GET space ${space.id}`)).toEqual(want);
  }
  const seenCollections = new Map<string, Permissions>();
  for (const collection of world.collections) {
    const role = modelRole(world, caller, collection.id);
    const res = await api.get(`/collections/${collection.id}`);
    expect(res.status, why(`GET collection ${collection.id}`)).toBe(role ? 200 : 404);
    if (!role) continue;
    seenCollections.set(collection.id, collectionPermissions(role));
    expect(res.body.permissions, why("GET collection")).toEqual(collectionPermissions(role));
  }

  const listed = async (path: string, query = {}) => {
    const res = await api.get(path, { query: { limit: 100, ...query } });
    if (caller.disabled) {
      expect(res.status, why(path)).toBe(404);
      return null;
    }
    expect(res.status, why(`${path}: ${res.text.slice(0, 200)}`)).toBe(200);
    expect(res.body.count, why(`${path} count`)).toBe(res.body.items.length);
    return res.body.items as Item[];
  };
  const byId = (items: Item[]) => new Map(items.map((s) => [s.id, s.permissions]));
  const orgList = await listed(`/orgs/${org}/spaces`);
  if (orgList) expect(byId(orgList), why("org space list")).toEqual(expected);
  const collectionList = await listed(`/orgs/${org}/collections`, { nested: true });
  if (collectionList) {
    expect(byId(collectionList), why("collection list")).toEqual(seenCollections);
  }
  for (const collection of world.collections.filter((c) => seenCollections.has(c.id))) {
    const items = await listed(`/collections/${collection.id}/spaces`);
    const inside = world.spaces.filter((s) => s.parentId === collection.id && expected.has(s.id));
    expect(new Set(items!.map((s) => s.id)), why("collection spaces")).toEqual(
      new Set(inside.map((s) => s.id)),
    );
    for (const s of items!)
      expect(s.permissions, why("collection spaces")).toEqual(expected.get(s.id));
  }
  const requests = await listed(`/orgs/${org}/change-requests`, { status: "draft" });
  if (requests) {
    const spacesOf = new Set(requests.map((r) => (r as unknown as { space: string }).space));
    expect(spacesOf, why("change-request list")).toEqual(new Set(expected.keys()));
  }

  // Organization search and sites: members only (guests 403, disabled members 404).
  const search = await api.get(`/orgs/${org}/search`, { query: { query: w, limit: 100 } });
  const structure = await api.get(`/orgs/${org}/sites/${siteId}/site-spaces`, {
    query: { limit: 100 },
  });
  const profile = await api.get(`/orgs/${org}/sites/${siteId}/published`);
  const siteSearch = await api.post(`/orgs/${org}/sites/${siteId}/search`, {
    query: w,
    scope: { mode: "all" },
  });
  const live = world.spaces.filter((s) => !s.deleted);
  const shownIn = (items: { space: Item }[]) =>
    new Map(items.map((i) => [i.space.id, i.space.permissions]));
  const searchedIn = (items: Item[]) => new Set(items.map((i) => i.id));
  const refused = caller.disabled ? 404 : caller.role === null ? 403 : null;
  if (refused) {
    expect(search.status, why("org search")).toBe(refused);
    expect(structure.status, why("site structure")).toBe(refused);
    // Not a reading member: a visitor, let in by a published site only, reading it all.
    expect(profile.status, why("published profile")).toBe(site.published ? 200 : 404);
    expect(siteSearch.status, why("site search")).toBe(site.published ? 200 : 404);
    if (!site.published) return;
    const all = spacePermissions("read");
    expect(shownIn(profile.body.structure.structure), why("published profile")).toEqual(
      new Map(live.map((s) => [s.id, all])),
    );
    expect(searchedIn(siteSearch.body.items), why("site search")).toEqual(
      new Set(live.map((s) => s.id)),
    );
    return;
  }
  expect(search.status, why(`org search: ${search.text.slice(0, 200)}`)).toBe(200);
  const found = new Set((search.body.items as Item[]).map((i) => i.id));
  expect(found, why("org search")).toEqual(new Set(expected.keys()));

  // The site's structure, as its members manage it: their own roles.
  expect(structure.status, why("site structure")).toBe(200);
  expect(shownIn(structure.body.items), why("site structure")).toEqual(
    new Map(live.map((s) => [s.id, spacePermissions(roles.get(s.id) ?? null)])),
  );
  // The site as its members read it: what they read of each space.
  expect(profile.status, why("published profile")).toBe(200);
  expect(shownIn(profile.body.structure.structure), why("published profile")).toEqual(
    new Map(live.map((s) => [s.id, spacePermissions(readRole(s.id))])),
  );
  expect(siteSearch.status, why("site search")).toBe(200);
  expect(searchedIn(siteSearch.body.items), why("site search")).toEqual(
    new Set(live.filter((s) => readRole(s.id)).map((s) => s.id)),
  );

  // The spaces a site may publish: those the caller sees (404 for the others).
  if (caller.role === "create") {
    for (const space of live) {
      const res = await api.post(`/orgs/${org}/sites`, { title: "Try", spaces: [space.id] });
      expect(res.status, why(`site with ${space.id}`)).toBe(expected.has(space.id) ? 201 : 404);
    }
  }
}
