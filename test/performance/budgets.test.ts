import { describe, expect, it, afterEach, vi, beforeAll } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { makeOrg, makeMember, makeToken, makeUser } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { postContent, postMerge } from "../helpers/change-requests-factories";
import { makeCommentWorld, postSpaceComment } from "../helpers/comments-factories";
import { commitIndexed, fillerPages, searchSpace, searchWorld, word } from "../search/fixtures";
import { makeSite } from "../helpers/sites-factories";
import { seedGroupedPages } from "../helpers/performance-factories";
import { env } from "cloudflare:test";
import {
  commitChanges,
  makeContentSpace,
  mainPagesByTitle,
  proposeChanges,
  reloadSpace,
} from "../helpers/content-factories";
import { publishedDocs, siteTokenFor, siteUrl } from "../helpers/reading-factories";
import { decodeJwt } from "jose";
import { mintSiteToken, verifySiteToken } from "../../src/auth/site-token";
import { tokenDigest } from "../../src/auth/tokens";
import { sha256Hex } from "../../src/lib/crypto";
import { emptyStorage } from "../helpers/storage";

describe("budgets", () => {
  // The D1 budgets of issue 7, asserted on the operations the bench measures: every read at most
  // 2 round trips (authentication included), every write at most 3, and costs that do not follow
  // the size of the space. Counts come from the counting wrapper (X-Quire-D1), so they are exact.

  const READ_RT = 2;
  const WRITE_RT = 3;

  function ok(res: ApiResponse, status = 200) {
    expect(res.status, res.text).toBe(status);
    return d1Cost(res);
  }

  /** A space of `size` pages in groups of 100, with one page's id to read and to change. */
  async function sizedSpace(size: number) {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const pages = await seedGroupedPages(space, size);
    return { org, owner, space, page: pages[Math.floor(pages.length / 2)]! };
  }

  describe("D1 budgets of the hot paths", () => {
    it("GET /v1/spaces/{id} is one round trip", async () => {
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "edit");
      const space = await makeSpace(org.id, owner);
      const cost = ok(await as(member.token).get(`/spaces/${space.id}`));
      expect(cost.roundTrips).toBe(1);
      expect(cost.rowsWritten).toBe(0);
    });

    it("page reads (Document and markdown) cost the same at 10 and 1,000 pages", async () => {
      const costs = [];
      for (const size of [10, 1000]) {
        const { owner, space, page } = await sizedSpace(size);
        const path = `/spaces/${space.id}/content/page/${page}`;
        const doc = ok(await as(owner.token).get(path));
        const md = ok(await as(owner.token).get(path, { query: { format: "markdown" } }));
        // At the head of main the page's statements join the access check's round trip.
        expect(doc.roundTrips).toBe(1);
        expect(md.roundTrips).toBe(1);
        costs.push(doc.rowsRead, md.rowsRead);
      }
      // Flat in the space's size (the page's place in its group moves a row or two).
      expect(Math.abs(costs[2]! - costs[0]!)).toBeLessThanOrEqual(2);
      expect(Math.abs(costs[3]! - costs[1]!)).toBeLessThanOrEqual(2);
    });

    it("a change request, a one-page batch and its merge: at most 3 round trips each, rows written independent of the space's size", async () => {
      const figures = [];
      for (const size of [10, 1000]) {
        const { owner, space, page } = await sizedSpace(size);
        const created = await as(owner.token).post(`/spaces/${space.id}/change-requests`, {
          subject: "Edit",
        });
        const create = ok(created, 201);
        const batch = ok(
          await postContent(owner, space.id, created.body.id, [
            { operation: "update_page", page, document: { markdown: `Body at ${size}.\n` } },
          ]),
        );
        const merge = ok(await postMerge(owner, space.id, created.body.id));
        for (const step of [create, batch, merge])
          expect(step.roundTrips).toBeLessThanOrEqual(WRITE_RT);
        figures.push({ create, batch, merge });
      }
      const [small, large] = figures as [(typeof figures)[0], (typeof figures)[0]];
      const written = (f: typeof small) =>
        f.create.rowsWritten + f.batch.rowsWritten + f.merge.rowsWritten;
      expect(Math.abs(written(large) - written(small))).toBeLessThanOrEqual(10);
      // Reads follow the change and its sibling list (100 pages here), not the 1,000 pages.
      expect(large.merge.rowsRead).toBeLessThanOrEqual(small.merge.rowsRead + 10);
      expect(large.batch.rowsRead).toBeLessThanOrEqual(small.batch.rowsRead + 2 * 100 + 10);
    });

    it("org space lists, first and deep page, are one round trip (with the access check)", async () => {
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "edit");
      for (let i = 0; i < 25; i++) await makeSpace(org.id, owner);
      for (const user of [owner, member]) {
        const first = await as(user.token).get(`/orgs/${org.id}/spaces`, { query: { limit: 10 } });
        expect(ok(first).roundTrips).toBe(1);
        const deep = await as(user.token).get(`/orgs/${org.id}/spaces`, {
          query: { limit: 10, page: first.body.next.page },
        });
        expect(ok(deep).roundTrips).toBe(1);
      }
    });

    it("space search is one round trip", async () => {
      const { owner, space } = await searchWorld();
      const q = word();
      await commitIndexed(space.id, owner, [
        ...fillerPages(5),
        { operation: "insert_page", title: "Hit", document: { markdown: `About ${q}.\n` } },
      ]);
      const res = await searchSpace(owner.token, space.id, q);
      expect(ok(res).roundTrips).toBe(1);
      expect(res.body.count).toBe(1);
    });

    it("the comments list is at most 2 round trips and 2 x limit + 10 rows, its count from counters", async () => {
      const w = await makeCommentWorld();
      const posted = [];
      for (let i = 0; i < 30; i++) posted.push(await postSpaceComment(w.owner, w.space.id));
      for (const comment of posted.slice(0, 4)) {
        const res = await as(w.owner.token).put(`/spaces/${w.space.id}/comments/${comment.id}`, {
          resolved: true,
        });
        expect(res.status, res.text).toBe(200);
      }
      for (const [status, expected] of [
        ["all", 30],
        ["open", 26],
        ["resolved", 4],
      ] as const) {
        const res = await as(w.owner.token).get(`/spaces/${w.space.id}/comments`, {
          query: { status, limit: 50 },
        });
        const cost = ok(res);
        expect(cost.roundTrips).toBeLessThanOrEqual(READ_RT);
        expect(cost.rowsRead).toBeLessThanOrEqual(2 * 50 + 10);
        expect(res.body.count).toBe(expected);
        expect(res.body.items).toHaveLength(expected);
      }
    });

    it("the published site is at most 2 round trips", async () => {
      const { org, owner } = await makeOrg();
      const outsider = await makeOrg();
      const site = await makeSite(org.id, owner, { spaces: 2, published: true });
      const res = await as(outsider.owner.token).get(`/orgs/${org.id}/sites/${site.id}/published`);
      expect(ok(res).roundTrips).toBeLessThanOrEqual(READ_RT);
    });
  });
});

describe("column-names", () => {
  beforeAll(emptyStorage);
  /**
   * D1 sends every result column's name with each answer, and an unnamed SQL expression is named
   * by its whole text: the space access check once sent 5,700 characters of its own SQL back on
   * every read. The hot reads' answers carry short column names (src/db/prepared.ts names every
   * expression of a prepared select).
   */

  const LONGEST_NAME = 48;

  /** An env whose D1 sessions record the result column names of every statement's answer. */
  function recordingEnv(names: string[]): Cloudflare.Env {
    const record = (results: D1Result[]) => {
      for (const r of results) names.push(...Object.keys(r.results[0] ?? {}));
    };
    const wrap = (db: D1Database | D1DatabaseSession): D1Database =>
      new Proxy(db, {
        get(target, prop) {
          const base = target as D1Database;
          if (prop === "withSession") return (c?: string) => wrap(base.withSession(c));
          if (prop === "batch") {
            return async (statements: D1PreparedStatement[]) => {
              const results = await base.batch(statements);
              record(results);
              return results;
            };
          }
          const value = Reflect.get(target, prop) as unknown;
          return typeof value === "function" ? (value as () => unknown).bind(target) : value;
        },
      }) as D1Database;
    return { ...env, DB: wrap(env.DB) };
  }

  describe("result column names", () => {
    it("are short on the hot reads of members and site tokens", async () => {
      const names: string[] = [];
      const bindings = recordingEnv(names);
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "edit");
      const space = await makeContentSpace(org.id, owner);
      await commitChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: "Home", document: { markdown: "Lighthouse.\n" } },
      ]);
      const reader = as(member.token);
      const docs = await publishedDocs();
      const site = as(await siteTokenFor(siteUrl(docs.site.id)));
      const head = await site.get(`/spaces/${docs.space.id}`);
      const revision = `/spaces/${docs.space.id}/revisions/${head.body.revision as string}`;
      const install = docs.pages.get("Install")!.pageId;
      const reads = [
        reader.get(`/spaces/${space.id}`, { bindings }),
        reader.get(`/orgs/${org.id}/spaces`, { bindings }),
        reader.get(`/orgs/${org.id}`, { bindings }),
        reader.get(`/spaces/${space.id}/content`, { bindings }),
        reader.get(`/spaces/${space.id}/search`, { bindings, query: { query: "lighthouse" } }),
        reader.get(`/orgs/${org.id}/search`, { bindings, query: { query: "lighthouse" } }),
        site.get(`/spaces/${docs.space.id}`, { bindings }),
        site.get(`${revision}/page/${install}/document`, { bindings }),
        site.get(`${revision}/pages`, { bindings }),
      ];
      for (const res of await Promise.all(reads)) expect(res.status).toBe(200);
      expect(names.length).toBeGreaterThan(0);
      const long = names.filter((name) => name.length > LONGEST_NAME);
      expect(long.map((name) => name.slice(0, 80))).toEqual([]);
    });
  });
});

describe("prepared-content-reads", () => {
  beforeAll(emptyStorage);
  /**
   * The content reads whose statements are written once per isolate (src/auth/content-target.ts,
   * src/services/content/page-reads.ts): each shape of SQL read twice in a row (the second read
   * binds the text the first wrote) gives the same answer as the first.
   */

  /** A space with Home on main and a change request that rewrites it and adds Draft. */
  async function spaceWithChange() {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const created = await makeContentSpace(org.id, owner);
    const merged = await commitChanges(created.id, owner.user.id, [
      { operation: "insert_page", title: "Home", document: { markdown: "On main.\n" } },
    ]);
    const home = (await mainPagesByTitle(created.id)).get("Home")!.pageId;
    const cr = await proposeChanges(created.id, owner.user.id, [
      { operation: "update_page", page: home, document: { markdown: "In the change.\n" } },
      { operation: "insert_page", title: "Draft", document: { markdown: "Draft.\n" } },
    ]);
    const space = await reloadSpace(created.id);
    return { reader, space, home, cr, mainRevision: merged.revision };
  }

  /** The text of a JSON document's first paragraph. */
  function firstText(document: { nodes: { nodes: { leaves?: { text: string }[] }[] }[] }) {
    return document.nodes[0]?.nodes[0]?.leaves?.map((l) => l.text).join("");
  }

  /** Reads a path twice: the answers must be equal; returns the second. */
  async function readTwice(token: string, path: string) {
    const first = await as(token).get(path);
    const second = await as(token).get(path);
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    return second;
  }

  describe("prepared content reads", () => {
    it("reads a main revision's page document in one round trip, and 404s an unknown page", async () => {
      const { reader, space, home, mainRevision } = await spaceWithChange();
      const base = `/spaces/${space.id}/revisions/${mainRevision}/page`;
      const res = await readTwice(reader.token, `${base}/${home}/document`);
      expect(res.status).toBe(200);
      expect(firstText(res.body)).toBe("On main.");
      expect(d1Cost(res).roundTrips).toBe(1);
      expect((await readTwice(reader.token, `${base}/nope/document`)).status).toBe(404);
    });

    it("reads a change request revision's page document at the change's pointer", async () => {
      const { reader, space, home, cr } = await spaceWithChange();
      const base = `/spaces/${space.id}/revisions/${cr.revisionId}/page`;
      const res = await readTwice(reader.token, `${base}/${home}/document`);
      expect(res.status).toBe(200);
      expect(firstText(res.body)).toBe("In the change.");
      const pages = await as(reader.token).get(
        `/spaces/${space.id}/revisions/${cr.revisionId}/pages`,
      );
      const draft = pages.body.pages.find((p: { title: string }) => p.title === "Draft");
      const drafted = await readTwice(reader.token, `${base}/${draft.id}/document`);
      expect(firstText(drafted.body)).toBe("Draft.");
    });

    it("finds a change request's head by id and by number alike", async () => {
      const { reader, space, cr } = await spaceWithChange();
      const base = `/spaces/${space.id}/change-requests`;
      const byId = await readTwice(reader.token, `${base}/${cr.id}/content/pages`);
      const byNumber = await readTwice(reader.token, `${base}/${cr.number}/content/pages`);
      expect(byId.status).toBe(200);
      expect(byNumber.body).toEqual(byId.body);
      expect(byId.body.pages.map((p: { title: string }) => p.title)).toEqual(["Home", "Draft"]);
      expect((await readTwice(reader.token, `${base}/${cr.number + 1}/content/pages`)).status).toBe(
        404,
      );
    });

    it("reads a stored revision by id, and 404s another space's revision", async () => {
      const { reader, space, mainRevision } = await spaceWithChange();
      const res = await readTwice(reader.token, `/spaces/${space.id}/revisions/${mainRevision}`);
      expect(res.body).toMatchObject({ object: "revision", id: mainRevision });
      const other = await spaceWithChange();
      const foreign = await as(reader.token).get(
        `/spaces/${space.id}/revisions/${other.mainRevision}`,
      );
      expect(foreign.status).toBe(404);
    });
  });
});

describe("site-token-cache", () => {
  beforeAll(emptyStorage);
  // Site tokens are verified once per isolate and token (docs/performance.md, "Session 10"): what
  // the memory must not change is when a token stops working.

  const GRANT = {
    organization: "org",
    site: "site",
    siteSpace: "site-space",
    space: "space",
    spaces: ["space"],
    publicationVersion: 1,
    claims: {},
    adaptive: false,
    visitorType: "human" as const,
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  describe("verified site tokens remembered per isolate", () => {
    it("gives the same grant again, and refuses the token once it expires", async () => {
      const start = Date.now();
      vi.useFakeTimers({ toFake: ["Date"], now: start });
      const { token, expiresAt } = await mintSiteToken("secret one", GRANT);
      const first = await verifySiteToken("secret one", token);
      expect(first).toMatchObject({ site: "site", publicationVersion: 1, expiresAt });
      expect(await verifySiteToken("secret one", token)).toBe(first);
      vi.setSystemTime(expiresAt - 1_000);
      expect(await verifySiteToken("secret one", token)).toBe(first);
      vi.setSystemTime(expiresAt);
      expect(await verifySiteToken("secret one", token)).toBeNull();
      expect(await verifySiteToken("secret one", token)).toBeNull();
    });

    it("remembers a token under the secret it was verified with only", async () => {
      const { token } = await mintSiteToken("secret one", GRANT);
      expect(await verifySiteToken("secret one", token)).not.toBeNull();
      expect(await verifySiteToken("secret two", token)).toBeNull();
      expect(await verifySiteToken("secret one", token)).not.toBeNull();
    });

    it("still stops a remembered token at once when its site is unpublished", async () => {
      const { site, space, owner, org } = await publishedDocs();
      const token = await siteTokenFor(siteUrl(site.id));
      expect(decodeJwt(token).kind).toBe("site");
      for (let i = 0; i < 3; i++) {
        expect((await as(token).get(`/spaces/${space.id}`)).status).toBe(200);
      }
      await as(owner.token).post(`/orgs/${org.id}/sites/${site.id}/unpublish`);
      expect((await as(token).get(`/spaces/${space.id}`)).status).toBe(404);
      await as(owner.token).post(`/orgs/${org.id}/sites/${site.id}/publish`);
      expect((await as(token).get(`/spaces/${space.id}`)).status).toBe(404);
    });
  });
});

describe("token-digest-cache", () => {
  beforeAll(emptyStorage);
  // Quire token digests are remembered per isolate (src/auth/tokens.ts, docs/performance.md
  // "Session 10", "Second pass"): the digest is only the lookup key, so what the memory must not
  // change is when a token stops working.

  describe("token digests remembered per isolate", () => {
    it("gives the token's SHA-256, the same on every call", async () => {
      const secret = `quire_${"a".repeat(43)}`;
      const expected = await sha256Hex(secret);
      expect(await tokenDigest(secret)).toBe(expected);
      expect(await tokenDigest(secret)).toBe(expected);
      expect(await tokenDigest(`quire_${"b".repeat(43)}`)).not.toBe(expected);
    });

    it("stops a token at once when it is revoked after use", async () => {
      const { user, token } = await makeUser();
      const victim = await makeToken(user.id);
      expect((await as(victim).get("/user")).status).toBe(200);
      expect((await as(victim).get("/user")).status).toBe(200);
      const list = await as(token).get("/user/tokens");
      const target = list.body.items.find((t: { hint: string }) => t.hint === victim.slice(-4));
      expect((await as(token).delete(`/user/tokens/${target.id}`)).status).toBe(204);
      expect((await as(victim).get("/user")).status).toBe(401);
      expect((await as(victim).get(`/user/tokens`)).status).toBe(401);
    });
  });
});
