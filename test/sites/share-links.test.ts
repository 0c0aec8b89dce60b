import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";
import { makeShareLink, makeSite, readSite } from "../helpers/sites-factories";

describe("share links", () => {
  it("creates an active link whose published URL carries its key, and counts it", async () => {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner, { visibility: "share-link" });
    const base = `/orgs/${org.id}/sites/${site.id}/share-links`;
    const res = await as(owner.token).post(base, { name: "  Reviewers  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: "share-link", name: "Reviewers", active: true });
    expect(res.body.urls.published).toMatch(
      new RegExp(`^https://app\\.quire\\.test/sites/${site.id}\\?share=[A-Za-z0-9_-]{32}$`),
    );
    expect(res.headers.get("Location")).toContain(`/share-links/${res.body.id}`);
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
    expect((await readSite(site.id))!.shareLinksCount).toBe(1);
    expect((await as(owner.token).post(base, { name: "" })).status).toBe(201);
    for (const body of [{}, { name: "x".repeat(51) }, { name: 3 }, { name: "a", key: "b" }]) {
      const bad = await as(owner.token).post(base, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^body(\.name)?: /);
    }
  });

  it("lists links with an exact count; keys only for those who may manage the site", async () => {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner);
    const a = await makeShareLink(site.id);
    // Creation order is createdAt then id: let the clock move so `b` is strictly newer than `a`.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const b = await makeShareLink(site.id, { active: false });
    const base = `/orgs/${org.id}/sites/${site.id}/share-links`;
    const managed = await as(owner.token).get(base, { query: { limit: 1 } });
    expect(managed.status).toBe(200);
    expect(managed.body.count).toBe(2);
    expect(managed.body.items[0].id).toBe(a.id);
    expect(managed.body.items[0].urls.published).toContain(`share=${a.key}`);
    const next = await as(owner.token).get(base, { query: { page: managed.body.next.page } });
    expect(next.body.items.map((l: any) => [l.id, l.active])).toEqual([[b.id, false]]);
    const reader = await makeMember(org.id, "read");
    const read = await as(reader.token).get(base);
    expect(read.body.count).toBe(2);
    expect(read.text).not.toContain(a.key);
    expect(read.body.items.map((l: any) => l.urls)).toEqual([{}, {}]);
    const editor = await makeMember(org.id, "edit");
    expect((await as(editor.token).get(base)).text).not.toContain(a.key);
    const creator = await makeMember(org.id, "create");
    expect((await as(creator.token).get(base)).text).toContain(a.key);
  });

  it("searches by name for everyone and by exact key for managers, counting matches", async () => {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner, { visibility: "share-link" });
    const base = `/orgs/${org.id}/sites/${site.id}/share-links`;
    const api = as(owner.token);
    const partners = (await api.post(base, { name: "Partners 100%" })).body;
    await api.post(base, { name: "Press" });
    const beta = (await api.post(base, { name: "Beta testers" })).body;
    const key = new URL(beta.urls.published).searchParams.get("share")!;
    const names = (res: any) => res.body.items.map((l: any) => l.name);
    const found = await api.get(base, { query: { search: "pr" } });
    expect(found.status).toBe(200);
    expect(names(found)).toEqual(["Press"]);
    expect(found.body.count).toBe(1);
    expect(names(await api.get(base, { query: { search: "PARTNERS" } }))).toEqual([partners.name]);
    expect(names(await api.get(base, { query: { search: "100%" } }))).toEqual([partners.name]);
    expect((await api.get(base, { query: { search: "_" } })).body.count).toBe(0);
    const byKey = await api.get(base, { query: { search: key } });
    expect(names(byKey)).toEqual(["Beta testers"]);
    expect(d1Cost(byKey).roundTrips).toBe(1);
    const reader = await makeMember(org.id, "read");
    const asReader = await as(reader.token).get(base, { query: { search: key } });
    expect(asReader.body).toMatchObject({ count: 0, items: [] });
    expect(names(await as(reader.token).get(base, { query: { search: "beta" } }))).toEqual([
      "Beta testers",
    ]);
    const paged = await api.get(base, { query: { search: "p", limit: 1 } });
    expect(paged.body.count).toBe(2);
    const next = await api.get(base, { query: { search: "p", page: paged.body.next.page } });
    expect(names(next)).toEqual(["Press"]);
    const empty = await api.get(base, { query: { search: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/^query\.search: /);
  });

  it("renames, deactivates and reactivates a link; unknown links are 404", async () => {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner);
    const link = await makeShareLink(site.id);
    const url = `/orgs/${org.id}/sites/${site.id}/share-links/${link.id}`;
    const off = await as(owner.token).patch(url, { active: false, name: "Old" });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: link.id, active: false, name: "Old" });
    const on = await as(owner.token).patch(url, { active: true });
    expect(on.body).toMatchObject({ active: true, name: "Old" });
    const empty = await as(owner.token).patch(url, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("body: give active, name or both");
    const bad = await as(owner.token).patch(url, { active: "yes" });
    expect(bad.body.error.message).toMatch(/^body\.active: /);
    const missing = await as(owner.token).patch(
      `/orgs/${org.id}/sites/${site.id}/share-links/nope`,
      { active: true },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Share link not found");
    const other = await makeSite(org.id, owner);
    const elsewhere = await as(owner.token).patch(
      `/orgs/${org.id}/sites/${other.id}/share-links/${link.id}`,
      { active: true },
    );
    expect(elsewhere.status).toBe(404);
  });

  it("deletes a link (204 also when absent) and keeps the counter exact", async () => {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner);
    const link = await makeShareLink(site.id);
    await makeShareLink(site.id);
    const url = `/orgs/${org.id}/sites/${site.id}/share-links/${link.id}`;
    expect((await as(owner.token).delete(url)).status).toBe(204);
    expect((await as(owner.token).delete(url)).status).toBe(204);
    expect((await readSite(site.id))!.shareLinksCount).toBe(1);
    const list = await as(owner.token).get(`/orgs/${org.id}/sites/${site.id}/share-links`);
    expect(list.body.count).toBe(1);
    expect(list.body.items.map((l: any) => l.id)).not.toContain(link.id);
  });
});
