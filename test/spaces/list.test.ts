import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, makeUser, testDb, type TestUser } from "../helpers/factories";
import { grant, makeBareTeam, makeCollection } from "../helpers/collections-factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import { eq } from "drizzle-orm";
import { sites } from "../../src/db/schema";
import { makeShareLink } from "../helpers/sites-factories";
import { emptyStorage } from "../helpers/storage";

describe("list", () => {
  type Item = { id: string; permissions: Record<string, boolean> };
  const ids = (body: { items: Item[] }) => body.items.map((s) => s.id);
  const byCreation = (rows: { id: string; createdAt: string }[]) =>
    [...rows].sort((x, y) => (x.createdAt + x.id < y.createdAt + y.id ? -1 : 1)).map((r) => r.id);

  describe("GET /v1/orgs/{organizationId}/spaces", () => {
    it("lists live spaces oldest first with an exact count, in one round trip (with the access check)", async () => {
      const { org, owner } = await makeOrg();
      const col = await makeCollection(org.id);
      const a = await makeSpace(org.id, owner, { title: "A" });
      const b = await makeSpace(org.id, owner, { title: "B", parent: col.id });
      const c = await makeSpace(org.id, owner, { title: "C" });
      await makeSpace((await makeOrg()).org.id, owner);
      const res = await as(owner.token).get(`/orgs/${org.id}/spaces`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(3);
      expect(res.body.next).toBeUndefined();
      expect(ids(res.body)).toEqual(byCreation([a, b, c]));
      const inCol = res.body.items.find((s: Item) => s.id === b.id);
      expect(inCol).toMatchObject({ object: "space", title: "B", parent: col.id });
      expect(inCol.permissions.admin).toBe(true);
      expect(d1Cost(res).roundTrips).toBe(1);
    });

    it("pages with signed cursors scoped to the list", async () => {
      const { org, owner } = await makeOrg();
      const rows = [];
      for (let i = 0; i < 5; i++) rows.push(await makeSpace(org.id, owner));
      const first = await as(owner.token).get(`/orgs/${org.id}/spaces`, { query: { limit: 2 } });
      expect(first.body.count).toBe(5);
      expect(first.body.items.length).toBe(2);
      const page = first.body.next.page;
      const second = await as(owner.token).get(`/orgs/${org.id}/spaces`, {
        query: { limit: 2, page },
      });
      const third = await as(owner.token).get(`/orgs/${org.id}/spaces`, {
        query: { limit: 2, page: second.body.next.page },
      });
      expect(third.body.next).toBeUndefined();
      expect([...ids(first.body), ...ids(second.body), ...ids(third.body)]).toEqual(
        byCreation(rows),
      );
      const other = await makeOrg({ owner });
      const foreign = await as(owner.token).get(`/orgs/${other.org.id}/spaces`, {
        query: { page },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.message).toMatch(/^query\.page: /);
      const limit = await as(owner.token).get(`/orgs/${org.id}/spaces`, { query: { limit: 1001 } });
      expect(limit.status).toBe(400);
      expect(limit.body.error.message).toMatch(/^query\.limit: /);
    });

    it("shows members and guests only the spaces they can see, with their role", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const guest = await makeMember(org.id, null);
      const closed = await makeCollection(org.id, { defaultLevel: null });
      const nested = await makeCollection(org.id, { parent: closed.id });
      const open = await makeSpace(org.id, owner);
      const hidden = await makeSpace(org.id, owner, { parent: nested.id });
      const opened = await makeSpace(org.id, owner, { parent: nested.id, defaultLevel: "comment" });
      const granted = await makeSpace(org.id, owner, { parent: closed.id });
      const viaTeam = await makeSpace(org.id, owner, { parent: nested.id });
      await grantSpace(granted.id, { user: reader.user.id }, "edit");
      await grantSpace(granted.id, { user: guest.user.id }, "read");
      await grant(nested.id, { team: await makeBareTeam(org.id, [guest.user.id]) }, "comment");

      const asReader = await as(reader.token).get(`/orgs/${org.id}/spaces`);
      expect(asReader.body.count).toBe(3);
      expect(ids(asReader.body)).toEqual(byCreation([open, opened, granted]));
      const perms = (body: { items: Item[] }, id: string) =>
        body.items.find((s) => s.id === id)!.permissions;
      expect(perms(asReader.body, open.id)).toMatchObject({ view: true, edit: false });
      expect(perms(asReader.body, opened.id)).toMatchObject({ comment: true, edit: false });
      expect(perms(asReader.body, granted.id)).toMatchObject({ edit: true, admin: false });

      const asGuest = await as(guest.token).get(`/orgs/${org.id}/spaces`);
      expect(asGuest.body.count).toBe(4);
      expect(ids(asGuest.body)).toEqual(byCreation([hidden, opened, granted, viaTeam]));
      expect(perms(asGuest.body, granted.id)).toMatchObject({ view: true, comment: false });
      expect(perms(asGuest.body, hidden.id)).toMatchObject({ comment: true, edit: false });

      const asOwner = await as(owner.token).get(`/orgs/${org.id}/spaces`);
      expect(asOwner.body.count).toBe(5);
    });

    it("keeps count equal to what each caller can list, through hides, grants, deletes, restores and transfers", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const guest = await makeMember(org.id, null);
      const closed = await makeCollection(org.id, { defaultLevel: null });
      const nested = await makeCollection(org.id, { parent: closed.id });
      const open = await makeCollection(org.id);
      const privateSpace = async (parent?: string) => {
        const made = await makeSpace(org.id, owner, parent ? { parent } : {});
        const res = await as(owner.token).patch(`/spaces/${made.id}`, { defaultLevel: null });
        expect(res.status, res.text).toBe(200);
        return made;
      };
      const spaces = [
        await makeSpace(org.id, owner),
        await privateSpace(),
        await privateSpace(),
        await makeSpace(org.id, owner, { parent: closed.id }),
        await makeSpace(org.id, owner, { parent: nested.id }),
        await makeSpace(org.id, owner, { parent: nested.id, defaultLevel: "read" }),
        await privateSpace(open.id),
        await makeSpace(org.id, owner, { parent: open.id }),
      ];
      await grantSpace(spaces[1]!.id, { user: reader.user.id }, "read");
      await grantSpace(
        spaces[4]!.id,
        { team: await makeBareTeam(org.id, [reader.user.id]) },
        "edit",
      );
      await grant(nested.id, { user: guest.user.id }, "comment");
      const check = async () => {
        for (const user of [owner, reader, guest]) {
          const res = await as(user.token).get(`/orgs/${org.id}/spaces`, {
            query: { limit: 1000 },
          });
          expect(res.body.count).toBe(res.body.items.length);
        }
        return (await as(reader.token).get(`/orgs/${org.id}/spaces`)).body.count;
      };
      // reader: 0, 1 (own grant), 4 (team grant), 5 (own level), 7; not 2, 3, 6.
      expect(await check()).toBe(5);
      await as(owner.token).delete(`/spaces/${spaces[4]!.id}`);
      await as(owner.token).delete(`/spaces/${spaces[0]!.id}`);
      expect(await check()).toBe(3);
      await as(owner.token).post(`/spaces/${spaces[0]!.id}/restore`);
      expect(await check()).toBe(4);
      const target = await makeOrg({ owner });
      await as(owner.token).post(`/spaces/${spaces[7]!.id}/transfer`, {
        organization: target.org.id,
      });
      expect(await check()).toBe(3);
      expect((await as(owner.token).get(`/orgs/${target.org.id}/spaces`)).body.count).toBe(1);
      await as(owner.token).delete(`/collections/${nested.id}`);
      expect(await check()).toBe(2);
    });

    it("reads at most 2 x limit + 10 rows whatever the organization's size, first and deep page", async () => {
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "edit");
      const hidden = await makeCollection(org.id, { defaultLevel: null });
      await makeSpace(org.id, owner, { parent: hidden.id });
      const closed = await makeSpace(org.id, owner);
      await as(owner.token).patch(`/spaces/${closed.id}`, { defaultLevel: null });
      const n = 110;
      for (let i = 0; i < n; i++) await makeSpace(org.id, owner);
      for (const user of [owner, member]) {
        const first = await as(user.token).get(`/orgs/${org.id}/spaces`, { query: { limit: 50 } });
        expect(first.body.count).toBe(user === owner ? n + 2 : n);
        expect(d1Cost(first).rowsRead).toBeLessThanOrEqual(2 * 50 + 10);
        const deep = await as(user.token).get(`/orgs/${org.id}/spaces`, {
          query: { limit: 50, page: first.body.next.page },
        });
        expect(d1Cost(deep).rowsRead).toBeLessThanOrEqual(2 * 50 + 10);
        expect(d1Cost(deep).roundTrips).toBe(1);
      }
    });
  });

  authorizationMatrix("GET /v1/orgs/{organizationId}/spaces", {
    setup: async (world) => makeSpace(world.org.id, world.owner),
    request: (world) => ({ method: "GET", path: `/orgs/${world.org.id}/spaces` }),
    missing: () => ({ method: "GET", path: "/orgs/neverexisted/spaces" }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });

  describe("GET /v1/collections/{collectionId}/spaces", () => {
    it("lists the collection's live spaces by position, with an exact count", async () => {
      const { org, owner } = await makeOrg();
      const col = await makeCollection(org.id);
      const child = await makeCollection(org.id, { parent: col.id });
      const a = await makeSpace(org.id, owner, { parent: col.id });
      const b = await makeSpace(org.id, owner, { parent: col.id });
      await makeSpace(org.id, owner, { parent: child.id });
      await makeSpace(org.id, owner);
      const res = await as(owner.token).get(`/collections/${col.id}/spaces`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 2 });
      expect(ids(res.body)).toEqual([a.id, b.id]);
      expect(res.body.items[0]).toMatchObject({ parent: col.id, visibility: "in-collection" });
      expect(d1Cost(res).roundTrips).toBe(2);
      const paged = await as(owner.token).get(`/collections/${col.id}/spaces`, {
        query: { limit: 1 },
      });
      expect(ids(paged.body)).toEqual([a.id]);
      const rest = await as(owner.token).get(`/collections/${col.id}/spaces`, {
        query: { limit: 1, page: paged.body.next.page },
      });
      expect(ids(rest.body)).toEqual([b.id]);
      expect(rest.body.next).toBeUndefined();
      const wrong = await as(owner.token).get(`/collections/${child.id}/spaces`, {
        query: { page: paged.body.next.page },
      });
      expect(wrong.status).toBe(400);
    });

    it("filters by the caller's role, and hides invisible collections behind 404", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const col = await makeCollection(org.id, { defaultLevel: null });
      const a = await makeSpace(org.id, owner, { parent: col.id });
      const b = await makeSpace(org.id, owner, { parent: col.id, defaultLevel: "read" });
      const hidden = await as(reader.token).get(`/collections/${col.id}/spaces`);
      expect(hidden.status).toBe(404);
      expect(hidden.body.error.message).toBe("Collection not found");
      await grant(col.id, { user: reader.user.id }, "read");
      await grantSpace(a.id, { user: reader.user.id }, "edit");
      const res = await as(reader.token).get(`/collections/${col.id}/spaces`);
      expect(ids(res.body)).toEqual([a.id, b.id]);
      expect(res.body.items[0].permissions.edit).toBe(true);
      expect(res.body.items[1].permissions.edit).toBe(false);
      const other = await makeOrg();
      const guest = await makeMember(org.id, null);
      await grant(col.id, { user: guest.user.id }, "read");
      expect(ids((await as(guest.token).get(`/collections/${col.id}/spaces`)).body)).toEqual([
        a.id,
        b.id,
      ]);
      const foreign = await as(other.owner.token).get(`/collections/${col.id}/spaces`);
      expect(foreign.status).toBe(404);
    });
  });

  authorizationMatrix("GET /v1/collections/{collectionId}/spaces", {
    setup: async (world) => {
      const col = await makeCollection(world.org.id);
      await grant(col.id, { user: world.guest.user.id }, "read");
      await makeSpace(world.org.id, world.owner, { parent: col.id });
      return col;
    },
    request: (_w, col) => ({ method: "GET", path: `/collections/${col.id}/spaces` }),
    missing: () => ({ method: "GET", path: "/collections/neverexisted/spaces" }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });
});

describe("published-url", () => {
  beforeAll(emptyStorage);
  // A Space's `urls.published` (docs/compatibility.md, "Published URL of a space"): the URL of the
  // site space showing it in a published site, the same from every endpoint that returns the space.

  type Owner = { org: { id: string }; owner: TestUser };

  /** A site made through the API from `spaceIds`, published unless told. */
  async function site(w: Owner, spaceIds: string[], options: { publish?: boolean } = {}) {
    const api = as(w.owner.token);
    const res = await api.post(`/orgs/${w.org.id}/sites`, { title: "Docs", spaces: spaceIds });
    expect(res.status, res.text).toBe(201);
    const base = `/orgs/${w.org.id}/sites/${res.body.id}`;
    if (options.publish ?? true) expect((await api.post(`${base}/publish`)).status).toBe(200);
    return { id: res.body.id as string, base };
  }

  /** The site spaces of a site's structure, flattened (sections' ones too), in order. */
  async function siteSpaces(w: Owner, base: string, query: Record<string, string> = {}) {
    const res = await as(w.owner.token).get(`${base}/structure`, { query });
    expect(res.status, res.text).toBe(200);
    if (res.body.type === "siteSpaces") return res.body.structure as any[];
    const flat = (items: any[]): any[] =>
      items.flatMap((i) => (i.object === "site-section" ? i.siteSpaces : flat(i.children)));
    return flat(res.body.structure);
  }

  /** `urls.published` of a space read with GET. */
  async function publishedOf(token: string, spaceId: string, query: Record<string, string> = {}) {
    const res = await as(token).get(`/spaces/${spaceId}`, { query });
    expect(res.status, res.text).toBe(200);
    return res.body.urls.published as string | undefined;
  }

  /** Makes a site older than every other (the choice among sites goes by creation). */
  async function makeOlder(siteId: string, createdAt: string) {
    await testDb().update(sites).set({ createdAt }).where(eq(sites.id, siteId));
  }

  describe("urls.published of a space", () => {
    it("is the site space's published URL while the site is published, and goes away after", async () => {
      const w = await makeOrg();
      const [a, b] = [await makeSpace(w.org.id, w.owner), await makeSpace(w.org.id, w.owner)];
      const s = await site(w, [a.id, b.id], { publish: false });
      expect(await publishedOf(w.owner.token, a.id)).toBeUndefined();
      expect((await as(w.owner.token).post(`${s.base}/publish`)).status).toBe(200);
      const [first, second] = await siteSpaces(w, s.base);
      // The default site space is the site's own URL; the other adds its path.
      expect(first.default).toBe(true);
      expect(second.default).toBe(false);
      expect(first.urls.published).toBe(`https://app.quire.test/sites/${s.id}`);
      expect(second.urls.published).toBe(`${first.urls.published}/${second.path}`);
      expect(await publishedOf(w.owner.token, a.id)).toBe(first.urls.published);
      expect(await publishedOf(w.owner.token, b.id)).toBe(second.urls.published);
      // The Space inside the site space says the same.
      expect(first.space.urls.published).toBe(first.urls.published);
      expect(second.space.urls.published).toBe(second.urls.published);
      expect((await as(w.owner.token).post(`${s.base}/unpublish`)).status).toBe(200);
      expect(await publishedOf(w.owner.token, a.id)).toBeUndefined();
      expect(await publishedOf(w.owner.token, b.id)).toBeUndefined();
    });

    it("follows the default site space and the site's custom host name", async () => {
      const w = await makeOrg();
      const [a, b] = [await makeSpace(w.org.id, w.owner), await makeSpace(w.org.id, w.owner)];
      const s = await site(w, [a.id, b.id]);
      const [, second] = await siteSpaces(w, s.base);
      const api = as(w.owner.token);
      const res = await api.patch(s.base, {
        defaultSiteSpace: second.id,
        hostname: "docs.acme.test",
      });
      expect(res.status, res.text).toBe(200);
      const [x, y] = await siteSpaces(w, s.base);
      expect(y.default).toBe(true);
      expect(await publishedOf(w.owner.token, b.id)).toBe("https://docs.acme.test");
      expect(await publishedOf(w.owner.token, a.id)).toBe(`https://docs.acme.test/${x.path}`);
      expect(x.urls.published).toBe(`https://docs.acme.test/${x.path}`);
    });

    it("carries the section path unless the section is the site's default", async () => {
      const w = await makeOrg();
      const [a, b, c] = [
        await makeSpace(w.org.id, w.owner),
        await makeSpace(w.org.id, w.owner),
        await makeSpace(w.org.id, w.owner),
      ];
      const s = await site(w, [a.id, b.id]);
      const api = as(w.owner.token);
      const one = await api.post(`${s.base}/sections`, { spaceId: a.id, title: "Guides" });
      expect(one.status, one.text).toBe(201);
      const group = (await api.post(`${s.base}/section-groups`, { title: "More" })).body;
      const two = await api.post(`${s.base}/sections`, {
        spaceId: c.id,
        title: "Reference",
        siteSectionGroupId: group.id,
      });
      expect(two.status, two.text).toBe(201);
      const check = async () => {
        const all = await siteSpaces(w, s.base);
        expect(all).toHaveLength(3);
        for (const item of all) {
          expect(item.urls.published).toBeDefined();
          expect(await publishedOf(w.owner.token, item.space.id)).toBe(item.urls.published);
          expect(item.space.urls.published).toBe(item.urls.published);
        }
        return all;
      };
      const root = `https://app.quire.test/sites/${s.id}`;
      const before = await check();
      const urlOf = (all: any[], id: string) => all.find((i) => i.space.id === id).urls.published;
      expect(urlOf(before, a.id)).toBe(root);
      expect(urlOf(before, c.id)).toBe(`${root}/${two.body.path}`);
      expect(urlOf(before, b.id)).toMatch(new RegExp(`^${root}/[a-z0-9-]+$`));
      // Another default section: the first one now shows its path, the new default does not.
      const patched = await api.patch(s.base, { defaultSiteSection: two.body.id });
      expect(patched.status, patched.text).toBe(200);
      const after = await check();
      expect(urlOf(after, c.id)).toBe(root);
      expect(urlOf(after, a.id)).toBe(`${root}/${one.body.path}`);
      // The default section deleted: the first section in navigation order is the default again.
      const gone = await api.delete(`${s.base}/sections/${two.body.id}`);
      expect(gone.status, gone.text).toBe(204);
      const last = await siteSpaces(w, s.base);
      expect(last).toHaveLength(2);
      expect(await publishedOf(w.owner.token, a.id)).toBe(root);
      expect(urlOf(last, a.id)).toBe(root);
      expect(await publishedOf(w.owner.token, c.id)).toBeUndefined();
    });

    it("is the oldest published site's when two sites show the space", async () => {
      const w = await makeOrg();
      const space = await makeSpace(w.org.id, w.owner);
      const other = await makeSpace(w.org.id, w.owner);
      const first = await site(w, [space.id]);
      const second = await site(w, [other.id, space.id]);
      const inFirst = (await siteSpaces(w, first.base))[0];
      const inSecond = (await siteSpaces(w, second.base)).find((i) => i.space.id === space.id);
      expect(inFirst.urls.published).not.toBe(inSecond.urls.published);
      await makeOlder(first.id, "2020-01-01T00:00:00.000Z");
      expect(await publishedOf(w.owner.token, space.id)).toBe(inFirst.urls.published);
      await makeOlder(second.id, "2019-01-01T00:00:00.000Z");
      expect(await publishedOf(w.owner.token, space.id)).toBe(inSecond.urls.published);
      // Inside either site's structure, the Space names the chosen one.
      const again = (await siteSpaces(w, first.base))[0];
      expect(again.urls.published).toBe(inFirst.urls.published);
      expect(again.space.urls.published).toBe(inSecond.urls.published);
      // An unpublished site does not count.
      expect((await as(w.owner.token).post(`${second.base}/unpublish`)).status).toBe(200);
      expect(await publishedOf(w.owner.token, space.id)).toBe(inFirst.urls.published);
    });

    it("counts a share-link site only with the key of one of its active links", async () => {
      const w = await makeOrg();
      const space = await makeSpace(w.org.id, w.owner);
      const s = await site(w, [space.id]);
      const api = as(w.owner.token);
      expect((await api.patch(s.base, { visibility: "share-link" })).status).toBe(200);
      const link = await makeShareLink(s.id);
      expect(await publishedOf(w.owner.token, space.id)).toBeUndefined();
      const [item] = await siteSpaces(w, s.base, { shareKey: link.key });
      expect(item.urls.published).toContain(`?share=${link.key}`);
      expect(item.space.urls.published).toBe(item.urls.published);
      expect(await publishedOf(w.owner.token, space.id, { shareKey: link.key })).toBe(
        item.urls.published,
      );
      // A reader from outside, through the share link, gets the same.
      const outsider = await makeUser();
      expect(await publishedOf(outsider.token, space.id, { shareKey: link.key })).toBe(
        item.urls.published,
      );
      const inactive = await makeShareLink(s.id, { active: false });
      expect(
        await publishedOf(w.owner.token, space.id, { shareKey: inactive.key }),
      ).toBeUndefined();
    });

    it("is the same in the organization's space list, for admins and members", async () => {
      const w = await makeOrg();
      const member = await makeMember(w.org.id, "read");
      const spaces = [];
      for (let i = 0; i < 4; i++) spaces.push(await makeSpace(w.org.id, w.owner));
      await site(w, [spaces[1]!.id, spaces[2]!.id]);
      await site(w, [spaces[2]!.id], { publish: false });
      for (const user of [w.owner, member]) {
        const res = await as(user.token).get(`/orgs/${w.org.id}/spaces`);
        expect(res.status, res.text).toBe(200);
        expect(d1Cost(res).roundTrips).toBe(1);
        const published = res.body.items.map((s: any) => s.urls.published);
        expect(published.filter(Boolean)).toHaveLength(2);
        for (const item of res.body.items) {
          expect(item.urls.published).toBe(await publishedOf(user.token, item.id));
        }
      }
      const collection = await makeCollection(w.org.id);
      const moved = await as(w.owner.token).post(`/spaces/${spaces[2]!.id}/move`, {
        parent: collection.id,
      });
      expect(moved.status, moved.text).toBe(200);
      const listed = await as(member.token).get(`/collections/${collection.id}/spaces`);
      expect(listed.status, listed.text).toBe(200);
      expect(listed.body.items[0].urls.published).toBeDefined();
      expect(listed.body.items[0].urls.published).toBe(moved.body.urls.published);
    });

    it("moves with the space, and a deleted space has none (nor once restored)", async () => {
      const w = await makeOrg();
      const space = await makeSpace(w.org.id, w.owner);
      await site(w, [space.id]);
      const api = as(w.owner.token);
      const url = await publishedOf(w.owner.token, space.id);
      expect(url).toBeDefined();
      const patched = await api.patch(`/spaces/${space.id}`, { title: "Renamed space" });
      expect(patched.body.urls.published).toBe(url);
      const collection = await makeCollection(w.org.id);
      const moved = await api.post(`/spaces/${space.id}/move`, { parent: collection.id });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.urls.published).toBe(url);
      expect((await api.delete(`/spaces/${space.id}`)).status).toBe(204);
      const restored = await api.post(`/spaces/${space.id}/restore`);
      expect(restored.status, restored.text).toBe(200);
      expect(restored.body.urls.published).toBeUndefined();
      expect(await publishedOf(w.owner.token, space.id)).toBeUndefined();
    });
  });
});
