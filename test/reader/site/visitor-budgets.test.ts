import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { readerFetch } from "../helpers";
import { call } from "../../helpers/api";
import { uniqueAddress } from "../../helpers/addresses";

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
