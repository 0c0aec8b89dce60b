import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sites } from "../../src/db/schema";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg, makeUser, testDb, type TestUser } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { makeShareLink } from "../helpers/sites-factories";
import { makeCollection } from "../helpers/collections-factories";

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
    expect(await publishedOf(w.owner.token, space.id, { shareKey: inactive.key })).toBeUndefined();
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
