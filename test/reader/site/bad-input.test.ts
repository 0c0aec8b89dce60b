import { describe, expect, it } from "vitest";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { readerFetch } from "../helpers";

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
      const path = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(PIECES)).join("/");
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
        ...(post ? { body: pick(["rating=good&page=x", "%%%", "page=" + "p".repeat(2000)]) } : {}),
      });
      expect(res.status, `${post ? "POST" : "GET"} ${url} (${cookie.slice(0, 40)})`).toBeLessThan(
        500,
      );
    }
  });
});
