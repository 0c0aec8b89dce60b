import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sites } from "../../src/db/schema";
import { as } from "../helpers/api";
import { testDb, unique } from "../helpers/factories";
import { publishedDocs, resolveUrl, siteUrl } from "../helpers/reading-factories";

/**
 * Issue 34, finding 1: a site address (custom host name, proxy origin, app-hosted address)
 * belongs to one site. An equal or nested claim by another site is refused with 409, atomically,
 * and URL resolution never crosses from one owner's address into another's.
 */

/** Two organizations with a published site each: A (the victim) and B (the claimant). */
async function twoOrgs() {
  const a = await publishedDocs();
  const b = await publishedDocs();
  const patch = (who: typeof a, body: Record<string, unknown>) =>
    as(who.owner.token).patch(`/orgs/${who.org.id}/sites/${who.site.id}`, body);
  return { a, b, patch };
}

/** A host name of three labels no other test uses. */
const host = (label: string) =>
  `${unique(label)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")}.acme.example`;

describe("site addresses: one site each", () => {
  it("refuses a proxy under another organization's proxy (409), and the URL stays A's", async () => {
    const { a, b, patch } = await twoOrgs();
    const h = host("docs");
    expect((await patch(a, { proxy: `${h}/docs` })).status).toBe(200);
    const claim = await patch(b, { proxy: `${h}/docs/intro` });
    expect(claim.status, claim.text).toBe(409);
    expect(claim.body.error.message).toMatch(/^body\.proxy: .*another site/);
    const resolved = await resolveUrl(`https://${h}/docs/intro`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.site).toBe(a.site.id);
  });

  it("refuses a proxy under another organization's custom host name (409)", async () => {
    const { a, b, patch } = await twoOrgs();
    const h = host("corp");
    expect((await patch(a, { hostname: h })).status).toBe(200);
    const claim = await patch(b, { proxy: `${h}/intro` });
    expect(claim.status, claim.text).toBe(409);
    expect(claim.body.error.message).toMatch(/^body\.proxy: /);
    const resolved = await resolveUrl(`https://${h}/intro`);
    expect(resolved.body.site).toBe(a.site.id);
  });

  it("refuses a proxy under the deployment's own app and sites addresses (409)", async () => {
    const { a, b, patch } = await twoOrgs();
    const underA = await patch(b, { proxy: `app.quire.test/sites/${a.site.id}/intro` });
    expect(underA.status, underA.text).toBe(409);
    expect(underA.body.error.message).toMatch(/^body\.proxy: .*this deployment/);
    for (const proxy of ["app.quire.test/sites", "app.quire.test/docs"]) {
      const res = await patch(b, { proxy });
      expect(res.status, proxy).toBe(409);
    }
    expect((await patch(b, { hostname: "app.quire.test" })).status).toBe(409);
    const resolved = await resolveUrl(siteUrl(a.site.id, "intro"));
    expect(resolved.body.site).toBe(a.site.id);
  });

  it("refuses equal claims and claims that would contain another site's, either way round", async () => {
    const { a, b, patch } = await twoOrgs();
    const h = host("nest");
    expect((await patch(a, { proxy: `${h}/docs/intro` })).status).toBe(200);
    expect((await patch(b, { proxy: `${h}/docs/intro` })).status).toBe(409);
    expect((await patch(b, { proxy: `${h}/docs` })).status).toBe(409);
    expect((await patch(b, { hostname: h })).status).toBe(409);
    // Siblings are separate addresses; a site may move its own address within itself.
    expect((await patch(b, { proxy: `${h}/blog` })).status).toBe(200);
    expect((await patch(a, { proxy: `${h}/docs` })).status).toBe(200);
    // An address given up is free again, and a deleted site's addresses are freed with it.
    expect((await patch(a, { proxy: null })).status).toBe(200);
    expect((await patch(b, { proxy: `${h}/docs/intro` })).status).toBe(200);
    const gone = await as(b.owner.token).delete(`/orgs/${b.org.id}/sites/${b.site.id}`);
    expect(gone.status).toBe(204);
    expect((await patch(a, { hostname: h })).status).toBe(200);
  });

  it("lets exactly one of two racing claims win", async () => {
    const { a, b, patch } = await twoOrgs();
    const h = host("race");
    const equal = await Promise.all([
      patch(a, { proxy: `${h}/docs` }),
      patch(b, { proxy: `${h}/docs` }),
    ]);
    expect(equal.map((r) => r.status).sort()).toEqual([200, 409]);
    const g = host("race");
    const nested = await Promise.all([
      patch(a, { proxy: `${g}/docs` }),
      patch(b, { proxy: `${g}/docs/intro` }),
    ]);
    expect(nested.map((r) => r.status).sort()).toEqual([200, 409]);
    const hosts = await Promise.all([patch(a, { hostname: g }), patch(b, { hostname: g })]);
    // Whoever won holds an address under g, so the host name can be only theirs.
    expect(hosts.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe("URL resolution across owners", () => {
  it("never resolves one owner's address to another's site, even with nested rows stored", async () => {
    const { a, b } = await twoOrgs();
    const h = host("legacy");
    const db = testDb();
    // Rows written before claims were checked: B nested under A's proxy, host name and app path.
    await db
      .update(sites)
      .set({ proxy: `${h}/docs` })
      .where(eq(sites.id, a.site.id));
    await db
      .update(sites)
      .set({ proxy: `${h}/docs/intro` })
      .where(eq(sites.id, b.site.id));
    expect((await resolveUrl(`https://${h}/docs/intro`)).body.site).toBe(a.site.id);
    const g = host("legacy");
    await db.update(sites).set({ proxy: null, hostname: g }).where(eq(sites.id, a.site.id));
    await db
      .update(sites)
      .set({ proxy: `${g}/intro` })
      .where(eq(sites.id, b.site.id));
    expect((await resolveUrl(`https://${g}/intro`)).body.site).toBe(a.site.id);
    await db.update(sites).set({ hostname: null }).where(eq(sites.id, a.site.id));
    await db
      .update(sites)
      .set({ proxy: `app.quire.test/sites/${a.site.id}/intro` })
      .where(eq(sites.id, b.site.id));
    const app = await resolveUrl(siteUrl(a.site.id, "intro"));
    expect(app.body.site).toBe(a.site.id);
    expect(app.body.pathname).toBe("intro");
  });
});
