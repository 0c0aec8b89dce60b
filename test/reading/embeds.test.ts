import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { as, call } from "../helpers/api";
import { unique } from "../helpers/factories";
import { publishedDocs, siteTokenFor, siteUrl } from "../helpers/reading-factories";

/** A published site, a site token of it, and a reader of embeds in its space. */
async function reader() {
  const d = await publishedDocs();
  const token = await siteTokenFor(siteUrl(d.site.id));
  const embed = (url: string) => as(token).get(`/spaces/${d.space.id}/embed`, { query: { url } });
  return { ...d, token, embed };
}

/** A page of the fake embeds host, unique to the test (the cache is keyed by URL). */
function page(path: string): string {
  return `https://embeds.example.com${path}?id=${unique("e")}`;
}

/** How many requests the fake embeds host received for a page URL. */
async function hits(url: string): Promise<number> {
  const id = new URL(url).searchParams.get("id");
  const res = await fetch(`https://embeds.example.com/count?id=${id}`);
  return ((await res.json()) as { count: number }).count;
}

describe("GET /v1/spaces/{spaceId}/embed", () => {
  it("answers a link card from OpenGraph, with the icon made absolute", async () => {
    const r = await reader();
    const res = await r.embed(page("/article"));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      type: "link",
      title: "An & article",
      site: "Example Blog",
      icon: "https://embeds.example.com/favicon.png",
    });
    const plain = await r.embed(page("/plain"));
    expect(plain.body).toEqual({ type: "link", title: "Plain page", site: "embeds.example.com" });
  });

  it("answers an allowed provider's player as Quire's own iframe", async () => {
    const r = await reader();
    const res = await r.embed(`https://www.youtube.com/watch?v=abc&x=${unique("y")}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: "rich",
      site: "YouTube",
      title: 'Video abc & "friends"',
    });
    expect(res.body.html).toContain('src="https://www.youtube.com/embed/abc?feature=oembed"');
    expect(res.body.html).toContain('width="200" height="113"');
    expect(res.body.html).not.toMatch(/script|onload|alert/);
    const discovered = await r.embed(page("/discovered"));
    expect(discovered.body).toMatchObject({ type: "rich", title: 'Video disc & "friends"' });
  });

  it("degrades to a link when the player is elsewhere or the provider is not allowed", async () => {
    const r = await reader();
    const evil = await r.embed(`https://www.youtube.com/watch?v=evil&x=${unique("y")}`);
    expect(evil.body).toEqual({ type: "link", title: "YouTube page", site: "www.youtube.com" });
    const foreign = await r.embed(page("/foreign-oembed"));
    expect(foreign.body).toEqual({ type: "link", title: "Foreign", site: "embeds.example.com" });
  });

  it("answers a link titled with the URL when the page cannot be read", async () => {
    const r = await reader();
    for (const url of [
      page("/big"),
      page("/json"),
      page("/missing"),
      `http://127.0.0.1/${unique("x")}`,
      `https://echo.example.com/slow/6000?x=${unique("s")}`,
    ]) {
      const res = await r.embed(url);
      expect(res.status, url).toBe(200);
      expect(res.body).toEqual({ type: "link", title: url, site: new URL(url).hostname });
    }
  }, 30_000);

  it("fetches a URL once and answers the next renders from the cache", async () => {
    const r = await reader();
    const url = page("/article");
    const first = await r.embed(url);
    const second = await r.embed(url);
    expect(second.body).toEqual(first.body);
    expect(await hits(url)).toBe(1);
  });

  it("refuses a URL that is not http(s), naming the field", async () => {
    const r = await reader();
    const res = await r.embed("ftp://embeds.example.com/x");
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("url");
    expect((await as(r.token).get(`/spaces/${r.space.id}/embed`)).status).toBe(400);
  });

  it("is a 404 for another site's token, identical to a space that does not exist", async () => {
    const r = await reader();
    const other = await publishedDocs();
    const token = await siteTokenFor(siteUrl(other.site.id));
    const url = page("/plain");
    const foreign = await as(token).get(`/spaces/${r.space.id}/embed`, { query: { url } });
    const missing = await as(token).get(`/spaces/nope/embed`, { query: { url } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(await hits(url)).toBe(0);
  });
});

describe("GET /v1/urls/embed", () => {
  it("answers a member's token, and a site token as absence", async () => {
    const r = await reader();
    const res = await as(r.owner.token).get(`/urls/embed`, { query: { url: page("/plain") } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ type: "link", title: "Plain page", site: "embeds.example.com" });
    const site = await as(r.token).get(`/urls/embed`, { query: { url: page("/plain") } });
    expect(site.status).toBe(404);
    expect((await as(null).get(`/urls/embed`, { query: { url: page("/plain") } })).status).toBe(
      401,
    );
  });

  it("a site token's uncached embeds spend the site's fetch budget (probe finding 13)", async () => {
    const d = await publishedDocs();
    const token = await siteTokenFor(siteUrl(d.site.id));
    const low = {
      ...env,
      RATE_LIMIT_EMBEDS: (env as unknown as { RATE_LIMIT_TEST_LOW: RateLimit }).RATE_LIMIT_TEST_LOW,
    };
    const urls = Array.from({ length: 7 }, () => page("/article"));
    const answers = [];
    for (const url of urls) {
      answers.push(
        await call("GET", `/spaces/${d.space.id}/embed`, { token, query: { url }, bindings: low }),
      );
    }
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const fetched = await Promise.all(urls.map(hits));
    // The LOW binding allows 5 per window (one more if a window boundary passed mid-test).
    expect(fetched.filter((n) => n > 0).length).toBeLessThanOrEqual(6);
    expect(fetched.at(-1)).toBe(0);
    expect(answers.at(-1)!.body).toEqual({
      type: "link",
      title: urls.at(-1),
      site: "embeds.example.com",
    });
    // A member's token has no site budget.
    const member = await as(d.owner.token).get(`/spaces/${d.space.id}/embed`, {
      query: { url: urls.at(-1)! },
    });
    expect(member.body.title).toBe("An & article");
  });
});
