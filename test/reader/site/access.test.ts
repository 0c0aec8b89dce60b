import { eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import { siteAuth } from "../../../src/db/schema";
import { testDb } from "../../helpers/factories";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { makeShareLink, siteKey, unsignedToken, visitorToken } from "../../helpers/sites-factories";
import { cookiesOf, readerFetch } from "../helpers";
import { env } from "cloudflare:test";
import { call } from "../../helpers/api";
import { uniqueAddress } from "../../helpers/addresses";
import { emptyStorage } from "../../helpers/storage";

describe("access", () => {
  /**
   * Who the reader lets in, as the API decides it: share-link sites with the key (kept in an
   * HttpOnly cookie), visitor-auth sites with the publisher's JWT (kept likewise, a bad one sends
   * the visitor to the login), private or unpublished sites not at all.
   */
  describe("reading a share-link site", () => {
    it("opens with the key, keeps it in an HttpOnly cookie and reads on with the cookie alone", async () => {
      const d = await publishedDocs({ visibility: "share-link" });
      const link = await makeShareLink(d.site.id);
      const without = await readerFetch(siteUrl(d.site.id, "guide"));
      expect(without.status).toBe(404);
      const opened = await readerFetch(`${siteUrl(d.site.id, "guide")}?share=${link.key}`);
      expect(opened.status).toBe(303);
      expect(opened.headers.get("Location")).toBe(siteUrl(d.site.id, "guide"));
      const cookie = opened.headers.getSetCookie().join("\n");
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain(`Path=/sites/${d.site.id}`);
      const page = await readerFetch(siteUrl(d.site.id, "guide"), {
        headers: { Cookie: cookiesOf(opened) },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
      expect(page.headers.get("Cache-Control")).toContain("private");
    });

    it("a malformed or inactive key is a 404 like nothing is there", async () => {
      const d = await publishedDocs({ visibility: "share-link" });
      const inactive = await makeShareLink(d.site.id, { active: false });
      for (const key of ["%00%ff", "x".repeat(500), inactive.key, "<script>"]) {
        const res = await readerFetch(`${siteUrl(d.site.id)}?share=${key}`);
        expect(res.status).toBe(404);
      }
    });
  });

  describe("reading a visitor-auth site", () => {
    it("sends a visitor without a token to the publisher's login, keeps a good token, refuses a bad one", async () => {
      const d = await publishedDocs({ visibility: "visitor-auth" });
      await testDb()
        .update(siteAuth)
        .set({ fallbackUrl: "https://login.example.com/start" })
        .where(eq(siteAuth.siteId, d.site.id));
      const anonymous = await readerFetch(siteUrl(d.site.id, "guide"));
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toContain(
        "https://login.example.com/start?location=",
      );
      const key = await siteKey(d.site.id);
      const jwt = await visitorToken(key, { plan: "pro" });
      const back = await readerFetch(`${siteUrl(d.site.id, "guide")}?jwt_token=${jwt}`);
      expect(back.status).toBe(303);
      expect(back.headers.getSetCookie().join("\n")).toContain("HttpOnly");
      const page = await readerFetch(siteUrl(d.site.id, "guide"), {
        headers: { Cookie: cookiesOf(back) },
      });
      expect(page.status).toBe(200);
      expect(page.text).toContain("Guide");
      const expired = await visitorToken(key, {}, { exp: Math.floor(Date.now() / 1000) - 60 });
      for (const bad of [expired, unsignedToken({ plan: "pro" }), "not.a.jwt"]) {
        const res = await readerFetch(`${siteUrl(d.site.id, "guide")}?jwt_token=${bad}`);
        expect(res.status).toBe(302);
        expect(res.headers.get("Location")).toContain("login.example.com");
      }
    });

    it("an answer a visitor's credential shaped is private to them (probe finding 10)", async () => {
      const d = await publishedDocs({ adaptive: true });
      const anonymous = await readerFetch(siteUrl(d.site.id, "guide"));
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get("Cache-Control")).toMatch(/^public/);
      for (const suffix of ["guide?visitor.plan=pro", "guide.md?visitor.plan=pro"]) {
        const claimed = await readerFetch(siteUrl(d.site.id, suffix));
        expect(claimed.status).toBe(200);
        expect(claimed.headers.get("Cache-Control")).toMatch(/^private/);
      }
    });

    it("a refused visitor cookie is cleared at the path it was set at (probe finding 12)", async () => {
      const d = await publishedDocs({ visibility: "visitor-auth" });
      await testDb()
        .update(siteAuth)
        .set({ fallbackUrl: "https://login.example.com/start" })
        .where(eq(siteAuth.siteId, d.site.id));
      const key = await siteKey(d.site.id);
      const jwt = await visitorToken(key, { plan: "pro" });
      const back = await readerFetch(`${siteUrl(d.site.id, "guide")}?jwt_token=${jwt}`);
      const kept = back.headers.getSetCookie().find((c) => c.startsWith("q_visitor="))!;
      const path = /Path=([^;]+)/.exec(kept)![1]!;
      expect(path).toBe(`/sites/${d.site.id}`);
      // The token expires; the next view goes to the login and must drop that very cookie.
      const stale = await visitorToken(key, {}, { exp: Math.floor(Date.now() / 1000) - 60 });
      const refused = await readerFetch(siteUrl(d.site.id, "guide"), {
        headers: { Cookie: `q_visitor=${stale}` },
      });
      expect(refused.status).toBe(302);
      const cleared = refused.headers.getSetCookie().filter((c) => c.startsWith("q_visitor=;"));
      expect(cleared.some((c) => c.includes(`Path=${path};`) && c.includes("Max-Age=0"))).toBe(
        true,
      );
    });

    it("without a login URL, a visitor-auth site is a 404 to visitors without a token", async () => {
      const d = await publishedDocs({ visibility: "visitor-auth" });
      expect((await readerFetch(siteUrl(d.site.id))).status).toBe(404);
    });
  });
});

describe("bad-input", () => {
  beforeAll(emptyStorage);
  /** A seeded generator (mulberry32), so a failure names its seed. */
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const PIECES = [
    "..",
    ".",
    "%",
    "%zz",
    "%2F",
    "~",
    "~search",
    "~feedback",
    "index.md",
    ".md",
    "sitemap.xml",
    "llms.txt",
    "robots.txt",
    "é",
    "💥",
    "<script>",
    "' OR 1=1",
    "a".repeat(300),
    "",
    "//",
    "?",
    "#",
    "introduction",
    "install",
    "guide",
    "~/revisions/x",
    "~/changes/1",
  ];

  /**
   * Whatever a visitor sends the reader (odd paths, keys, tokens, cookies, forms), it answers a
   * page, a redirect or a 404: never a 5xx.
   */
  describe("the reader under bad input", () => {
    it("answers every odd request below 500", async () => {
      const d = await publishedDocs();
      const next = random(25);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
      for (let i = 0; i < 60; i++) {
        const path = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(PIECES)).join(
          "/",
        );
        const query = pick([
          "",
          "?share=%00",
          "?jwt_token=a.b.c",
          "?q=%ff",
          "?visitor.x=1",
          "?share=" + "k".repeat(400),
        ]);
        const cookie = pick([
          "",
          "q_share=%; q_visitor=..",
          "q_visitor=x.y.z",
          "q_share=" + "z".repeat(5000),
        ]);
        const post = next() < 0.2;
        const url = `${siteUrl(d.site.id)}/${encodeURI(path)}${query}`;
        const res = await readerFetch(url, {
          method: post ? "POST" : "GET",
          headers: {
            ...(cookie ? { Cookie: cookie } : {}),
            ...(post ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          },
          ...(post
            ? { body: pick(["rating=good&page=x", "%%%", "page=" + "p".repeat(2000)]) }
            : {}),
        });
        expect(res.status, `${post ? "POST" : "GET"} ${url} (${cookie.slice(0, 40)})`).toBeLessThan(
          500,
        );
      }
    });
  });
});

describe("visitor-budgets", () => {
  beforeAll(emptyStorage);
  /** The test-only binding of vitest.config.ts: 30 requests per 60 s window and key. */
  const VISITORS = (env as unknown as { RATE_LIMIT_TEST_VISITORS: RateLimit })
    .RATE_LIMIT_TEST_VISITORS;

  /** The API Worker's bindings with both budgets on that binding (and their mirrors). */
  const lowApi = {
    ...env,
    RATE_LIMIT_TOKEN: VISITORS,
    RATE_LIMIT_IP: VISITORS,
    RATE_LIMIT_TOKEN_LIMIT: "30",
    RATE_LIMIT_IP_LIMIT: "30",
  } as Cloudflare.Env;

  /** The binding's windows are whole minutes: start a burst with at least 5 s of one left. */
  async function awayFromWindowEdge(): Promise<void> {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  }

  /**
   * Finding 5 of the probe: the reader forwarded no visitor address, so every anonymous visitor of
   * every site spent one budget, and one crawler made every site answer 503. Each visitor now
   * spends their own (the reader names them; the API believes it only through ReaderGateway).
   */
  describe("each visitor of a published site has their own budget", () => {
    it("one noisy client is refused with a 429; another visitor keeps reading", async () => {
      const d = await publishedDocs();
      const crawler = uniqueAddress();
      const reader = uniqueAddress();
      await awayFromWindowEdge();
      const statuses: number[] = [];
      for (let i = 0; i < 100 && !statuses.includes(429); i++) {
        const res = await readerFetch(
          siteUrl(d.site.id, `crawl-${i}`),
          { headers: { "CF-Connecting-IP": crawler } },
          lowApi,
        );
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
          expect(res.text).toContain("Too many requests");
        }
      }
      expect(statuses).toContain(429);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      const other = await readerFetch(
        siteUrl(d.site.id, "introduction/install"),
        { headers: { "CF-Connecting-IP": reader } },
        lowApi,
      );
      expect(other.status, other.text.slice(0, 300)).toBe(200);
      expect(other.text).toContain("npm i");
    });

    it("a visitor address sent by a client straight to the API is not believed", async () => {
      await awayFromWindowEdge();
      const spoofer = uniqueAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await call("GET", "/openapi.json", {
          token: null,
          headers: { "CF-Connecting-IP": spoofer, "X-Quire-Visitor-Address": uniqueAddress() },
          bindings: lowApi,
        });
        statuses.push(res.status);
      }
      // Every request counted against the one address the trusted header named.
      expect(statuses).toContain(429);
    });
  });
});
