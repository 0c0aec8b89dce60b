import { describe, expect, it, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { spaces, sites } from "../../src/db/schema";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg, testDb, unique } from "../helpers/factories";
import { commitChanges, proposeChanges } from "../helpers/content-factories";
import { makeSpace } from "../helpers/spaces-factories";
import { makeSite, readSiteSpaces, makeShareLink, readSite } from "../helpers/sites-factories";
import { resolveUrl, siteUrl, publishedDocs } from "../helpers/reading-factories";
import { ConditionSyntaxError, parseCondition } from "../../src/lib/condition";
import { conditionHolds } from "../../src/services/sites/conditions";
import { emptyStorage } from "../helpers/storage";

describe("preview-grants", () => {
  /**
   * Issue 34, finding 2: a member's preview token (`~/changes/<id>` resolved with their Quire
   * token) covers the previewed change request of the previewed space, and only for someone who
   * may read it: not the drafts of the site's other spaces, nor another change request.
   */

  /** A page to propose. */
  const draft = (title: string) => [
    { operation: "insert_page" as const, title, document: { markdown: `${title}.\n` } },
  ];

  /**
   * A published site over two spaces: `open` (every member reads it) and `closed` (default level
   * none: a read-role member cannot open it), each with a change request; a read-role `reader`.
   */
  async function previewWorld() {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const open = await makeSpace(org.id, owner);
    const closed = await makeSpace(org.id, owner);
    await testDb().update(spaces).set({ defaultLevel: null }).where(eq(spaces.id, closed.id));
    for (const space of [open, closed]) await commitChanges(space.id, owner.user.id, draft("Home"));
    const crOpen = await proposeChanges(open.id, owner.user.id, draft("Open draft"));
    const crOther = await proposeChanges(open.id, owner.user.id, draft("Other draft"));
    const crClosed = await proposeChanges(closed.id, owner.user.id, draft("Closed draft"));
    const site = await makeSite(org.id, owner, {
      spaces: [{ id: open.id }, { id: closed.id }],
      published: true,
    });
    const rows = await readSiteSpaces(site.id);
    const closedPath = rows.find((r) => r.spaceId === closed.id)!.path;
    return { org, owner, reader, open, closed, crOpen, crOther, crClosed, site, closedPath };
  }

  /** Every draft read of a change request a preview token could try. */
  function draftReads(spaceId: string, cr: { id: string; revisionId: string }, page: string) {
    const base = `/spaces/${spaceId}/change-requests/${cr.id}`;
    return [
      base,
      `${base}/content`,
      `${base}/content/pages`,
      `${base}/content/path/${page}`,
      `${base}/changes`,
      `/spaces/${spaceId}/revisions/${cr.revisionId}`,
      `/spaces/${spaceId}/revisions/${cr.revisionId}/pages`,
    ];
  }

  describe("members' preview grants", () => {
    it("do not read the drafts of another space of the site (the reproduction)", async () => {
      const w = await previewWorld();
      const res = await resolveUrl(
        siteUrl(w.site.id, `~/changes/${w.crOpen.id}/open-draft`),
        {},
        w.reader.token,
      );
      expect(res.status, res.text).toBe(200);
      const preview = as(res.body.apiToken);
      expect(
        (await preview.get(`/spaces/${w.open.id}/change-requests/${w.crOpen.id}`)).status,
      ).toBe(200);
      // The closed space's main content is published: the site token reads it like any visitor.
      expect((await preview.get(`/spaces/${w.closed.id}/content`)).status).toBe(200);
      for (const path of draftReads(w.closed.id, w.crClosed, "closed-draft")) {
        const read = await preview.get(path);
        expect(read.status, `${path}: ${read.text}`).toBe(404);
      }
    });

    it("cover only the previewed change request, not another of the same space", async () => {
      const w = await previewWorld();
      const res = await resolveUrl(
        siteUrl(w.site.id, `~/changes/${w.crOpen.id}/`),
        {},
        w.owner.token,
      );
      expect(res.status, res.text).toBe(200);
      expect(decodeJwt(res.body.apiToken)).toMatchObject({ draft: true });
      const preview = as(res.body.apiToken);
      for (const path of draftReads(w.open.id, w.crOpen, "open-draft")) {
        const read = await preview.get(path);
        expect(read.status, `${path}: ${read.text}`).not.toBe(404);
      }
      for (const path of draftReads(w.open.id, w.crOther, "other-draft")) {
        const read = await preview.get(path);
        expect(read.status, `${path}: ${read.text}`).toBe(404);
      }
    });

    it("are not minted for a change request of another space than the URL's", async () => {
      const w = await previewWorld();
      // The URL resolves to the open space; the change request named is the closed space's.
      const res = await resolveUrl(
        siteUrl(w.site.id, `~/changes/${w.crClosed.id}/`),
        {},
        w.owner.token,
      );
      expect(res.status, res.text).toBe(404);
      // By number too: the open space's change request number 1 is its own, not another's.
      const byNumber = await resolveUrl(
        siteUrl(w.site.id, `~/changes/${w.crOpen.number}/`),
        {},
        w.owner.token,
      );
      expect(byNumber.status, byNumber.text).toBe(200);
      expect(byNumber.body.changeRequest).toBe(w.crOpen.id);
    });

    it("are not minted for a member who cannot read the previewed space", async () => {
      const w = await previewWorld();
      const url = siteUrl(w.site.id, `${w.closedPath}/~/changes/${w.crClosed.id}/`);
      const refused = await resolveUrl(url, {}, w.reader.token);
      expect(refused.status, refused.text).toBe(404);
      const owner = await resolveUrl(url, {}, w.owner.token);
      expect(owner.status, owner.text).toBe(200);
      expect(owner.body.space).toBe(w.closed.id);
    });

    it("read the previewed revision only, in its own space", async () => {
      const w = await previewWorld();
      const url = siteUrl(w.site.id, `~/revisions/${w.crOpen.revisionId}/`);
      const res = await resolveUrl(url, {}, w.reader.token);
      expect(res.status, res.text).toBe(200);
      const preview = as(res.body.apiToken);
      expect(
        (await preview.get(`/spaces/${w.open.id}/revisions/${w.crOpen.revisionId}`)).status,
      ).toBe(200);
      expect(
        (await preview.get(`/spaces/${w.open.id}/revisions/${w.crOther.revisionId}`)).status,
      ).toBe(404);
      expect(
        (await preview.get(`/spaces/${w.open.id}/change-requests/${w.crOpen.id}`)).status,
      ).toBe(404);
      const elsewhere = siteUrl(w.site.id, `~/revisions/${w.crClosed.revisionId}/`);
      expect((await resolveUrl(elsewhere, {}, w.owner.token)).status).toBe(404);
    });
  });
});

describe("addresses", () => {
  beforeAll(emptyStorage);
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
});

describe("share-links", () => {
  beforeAll(emptyStorage);
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
      expect(names(await api.get(base, { query: { search: "PARTNERS" } }))).toEqual([
        partners.name,
      ]);
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
});

describe("condition", () => {
  /** The error a condition raises, or null if it parses. */
  function errorOf(text: string): { reason: string; position: number } | null {
    try {
      parseCondition(text);
      return null;
    } catch (err) {
      if (!(err instanceof ConditionSyntaxError)) throw err;
      return { reason: err.reason, position: err.position };
    }
  }

  const holds = (text: string, claims: Record<string, unknown>) =>
    conditionHolds(parseCondition(text), { claims });

  describe("condition grammar: what parses", () => {
    it.each([
      "visitor.claims.beta",
      "visitor.claims.beta === true",
      "visitor.claims.unsigned.plan == 'pro'",
      'visitor.claims["my-claim"] != "x"',
      "!visitor.claims.beta",
      "!!visitor.claims.beta",
      "visitor.claims.a && visitor.claims.b || visitor.claims.c",
      "(visitor.claims.a || visitor.claims.b) && !(visitor.claims.c)",
      "visitor.claims.age >= 18 && visitor.claims.age < 65.5",
      "visitor.claims.n > -1",
      "visitor.claims.x === null",
      "true",
      "  visitor.claims.teams.docs.admin  ",
      'visitor.claims.s === "quote \\" and \\\\ backslash"',
    ])("accepts %s", (text) => {
      expect(errorOf(text)).toBeNull();
    });

    it("builds the AST with JavaScript precedence", () => {
      const ast = parseCondition("!visitor.claims.a === false || visitor.claims.b && true");
      expect(ast).toMatchObject({
        kind: "logical",
        op: "||",
        left: {
          kind: "compare",
          op: "===",
          left: { kind: "not", operand: { kind: "ref", path: ["visitor", "claims", "a"] } },
          right: { kind: "literal", value: false },
        },
        right: { kind: "logical", op: "&&" },
      });
    });
  });

  describe("condition grammar: what does not parse, and where", () => {
    it.each([
      ["", "empty condition", 0],
      ["visitor.claims.beta &&", "unexpected end of condition", 22],
      ["visitor.claims.beta & true", 'unexpected character "&"', 20],
      ["visitor.claims.beta = 1", 'unexpected character "="', 20],
      ["(visitor.claims.beta", 'expected ")" but found end of condition', 20],
      ["visitor.claims.beta)", 'unexpected ")"', 19],
      ["user.claims.beta", 'unknown name "user" (conditions reference visitor.claims.*)', 0],
      ["visitor.profile.beta", 'unknown name "visitor.profile" (use visitor.claims)', 0],
      ["visitor.claims", "expected a claim: visitor.claims.<name>", 14],
      ["visitor.claims.", 'expected a property name after "."', 15],
      ["visitor.claims[beta]", 'expected a string inside "[...]"', 15],
      ["visitor.claims.a < 1 < 2", "comparisons cannot be chained", 21],
      ["'open", "unterminated string", 0],
      ["visitor.claims.a == 'a\\q'", "invalid escape", 22],
      ["12abc", "invalid number", 0],
      ["visitor.claims.a; eval('x')", 'unexpected character ";"', 16],
      ["visitor.claims.a.constructor('x')", 'unexpected "("', 28],
      ["`x`", 'unexpected character "`"', 0],
    ])("refuses %j: %s at %i", (text, reason, position) => {
      expect(errorOf(text)).toEqual({ reason, position });
    });

    it("refuses nesting deeper than 64 levels", () => {
      const deep = "(".repeat(70) + "true" + ")".repeat(70);
      expect(errorOf(deep)?.reason).toBe("condition too deeply nested");
      expect(errorOf("!".repeat(70) + "true")?.reason).toBe("condition too deeply nested");
    });

    it("reports the position in the message", () => {
      expect(() => parseCondition("visitor.claims.a &&& true")).toThrow(
        'unexpected character "&" at position 19',
      );
    });
  });

  describe("condition evaluation", () => {
    it("reads signed and unsigned claims, own properties only", () => {
      expect(holds("visitor.claims.beta", { beta: true })).toBe(true);
      expect(holds("visitor.claims.beta", {})).toBe(false);
      expect(holds("visitor.claims.unsigned.plan == 'pro'", { unsigned: { plan: "pro" } })).toBe(
        true,
      );
      expect(holds("visitor.claims.toString", {})).toBe(false);
      expect(holds('visitor.claims["__proto__"] == null', {})).toBe(true);
    });

    it("compares like JavaScript, without coercion across types", () => {
      expect(holds("visitor.claims.n >= 18", { n: 21 })).toBe(true);
      expect(holds("visitor.claims.n >= 18", { n: "21" })).toBe(false);
      expect(holds("visitor.claims.s < 'b'", { s: "a" })).toBe(true);
      expect(holds("visitor.claims.x == null", {})).toBe(true);
      expect(holds("visitor.claims.x === null", {})).toBe(false);
      expect(holds("visitor.claims.x != 1", { x: 2 })).toBe(true);
      expect(holds("visitor.claims.o === visitor.claims.o", { o: { a: 1 } })).toBe(true);
    });

    it("combines with !, && and ||", () => {
      const claims = { a: true, b: false };
      expect(holds("visitor.claims.a && !visitor.claims.b", claims)).toBe(true);
      expect(holds("visitor.claims.b || visitor.claims.missing", claims)).toBe(false);
      expect(holds("!(visitor.claims.a && visitor.claims.b)", claims)).toBe(true);
    });
  });
});
