import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { siteAuth } from "../../../src/db/schema";
import { testDb } from "../../helpers/factories";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { makeShareLink, siteKey, unsignedToken, visitorToken } from "../../helpers/sites-factories";
import { cookiesOf, readerFetch } from "../helpers";

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
    expect(cleared.some((c) => c.includes(`Path=${path};`) && c.includes("Max-Age=0"))).toBe(true);
  });

  it("without a login URL, a visitor-auth site is a 404 to visitors without a token", async () => {
    const d = await publishedDocs({ visibility: "visitor-auth" });
    expect((await readerFetch(siteUrl(d.site.id))).status).toBe(404);
  });
});
