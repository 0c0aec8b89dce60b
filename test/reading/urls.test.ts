import { describe, expect, it, beforeAll } from "vitest";
import { decodeJwt } from "jose";
import { as, call, d1Cost, workerFetch } from "../helpers/api";
import { publishedDocs, resolveUrl, siteTokenFor, siteUrl } from "../helpers/reading-factories";
import {
  proposeChanges,
  commitChanges,
  mainPagesByTitle,
  makeContentSpace,
  reloadSpace,
} from "../helpers/content-factories";
import { env } from "cloudflare:test";
import { unique, makeOrg } from "../helpers/factories";
import { makeSite } from "../helpers/sites-factories";
import { emptyStorage } from "../helpers/storage";

describe("resolve-url", () => {
  describe("POST /v1/urls/published", () => {
    it("resolves a public site's page URL anonymously, with a site token that reads it", async () => {
      const { site, space, org, pages } = await publishedDocs();
      const res = await resolveUrl(siteUrl(site.id, "introduction/install"));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        site: site.id,
        space: space.id,
        organization: org.id,
        pathname: "introduction/install",
        siteBasePath: `/sites/${site.id}/`,
        basePath: `/sites/${site.id}/`,
        complete: true,
        canonicalUrl: siteUrl(site.id, "introduction/install"),
      });
      const claims = decodeJwt(res.body.apiToken);
      expect(claims).toMatchObject({ kind: "site", site: site.id, space: space.id });
      expect((claims.exp as number) * 1000).toBeGreaterThan(Date.now() + 120_000);
      const reader = as(res.body.apiToken);
      const page = await reader.get(`/spaces/${space.id}/content/path/introduction%2Finstall`);
      expect(page.status).toBe(200);
      expect(page.body.id).toBe(pages.get("Install")!.pageId);
      expect((await reader.get(`/spaces/${space.id}`)).status).toBe(200);
    });

    it("answers 404 for unknown and unpublished sites, identically", async () => {
      const { site } = await publishedDocs({ published: false });
      const unpublished = await resolveUrl(siteUrl(site.id));
      const unknown = await resolveUrl(siteUrl("nope"));
      expect(unpublished.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(unpublished.body).toEqual(unknown.body);
    });

    it("refuses a site token everywhere outside its site, as if nothing were there", async () => {
      const a = await publishedDocs();
      const b = await publishedDocs();
      const token = await siteTokenFor(siteUrl(a.site.id));
      const reader = as(token);
      const other = await reader.get(`/spaces/${b.space.id}/content`);
      const missing = await reader.get(`/spaces/nope/content`);
      expect(other.status).toBe(404);
      expect(other.body).toEqual(missing.body);
      expect((await reader.get(`/user`)).status).toBe(404);
      const write = await call("PATCH", `/spaces/${a.space.id}`, {
        token,
        body: { title: "x" },
      });
      expect(write.status).toBe(404);
    });

    it("stops working at once when the site is unpublished", async () => {
      const { site, space, owner, org } = await publishedDocs();
      const token = await siteTokenFor(siteUrl(site.id));
      expect((await as(token).get(`/spaces/${space.id}/content`)).status).toBe(200);
      await as(owner.token).post(`/orgs/${org.id}/sites/${site.id}/unpublish`);
      await as(owner.token).post(`/orgs/${org.id}/sites/${site.id}/publish`);
      expect((await as(token).get(`/spaces/${space.id}/content`)).status).toBe(404);
    });
  });

  describe("stable published file URLs", () => {
    it("serve a published file to anyone, immutable, until the site is unpublished", async () => {
      const { site, space, org, owner, file } = await publishedDocs();
      const token = await siteTokenFor(siteUrl(site.id));
      const listed = await as(token).get(`/spaces/${space.id}/content/files/${file.fileId}`);
      expect(listed.status).toBe(200);
      const url = new URL(listed.body.downloadURL as string);
      expect(url.pathname).toBe(`/v1/published-files/${site.id}/${file.hash}/logo.png`);
      const bytes = await call("GET", url.pathname.slice(3));
      expect(bytes.status).toBe(200);
      expect(bytes.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(bytes.headers.get("Content-Type")).toBe("image/png");
      const again = await call("GET", url.pathname.slice(3), {
        headers: { "If-None-Match": bytes.headers.get("ETag")! },
      });
      expect(again.status).toBe(304);
      // Members keep the signed, short-lived links.
      const member = await as(owner.token).get(`/spaces/${space.id}/content/files/${file.fileId}`);
      expect(member.body.downloadURL).toContain("/v1/downloads?");
      await as(owner.token).post(`/orgs/${org.id}/sites/${site.id}/unpublish`);
      expect((await call("GET", url.pathname.slice(3))).status).toBe(404);
    });

    it("needs a token for content reads: anonymous readers go through a site token", async () => {
      const { space } = await publishedDocs();
      const res = await call("GET", `/spaces/${space.id}/content`);
      expect(res.status).toBe(401);
    });
  });

  describe("what a site-token read costs", () => {
    it("a page, its document and the space cost one D1 round trip each", async () => {
      const { site, space, pages } = await publishedDocs();
      const reader = as(await siteTokenFor(siteUrl(site.id)));
      const head = await reader.get(`/spaces/${space.id}`);
      expect(d1Cost(head).roundTrips).toBe(1);
      const rev = `/spaces/${space.id}/revisions/${head.body.revision}`;
      const id = pages.get("Install")!.pageId;
      for (const path of [`${rev}/page/${id}/document`, `${rev}/page/${id}`]) {
        const res = await reader.get(path);
        expect(res.status).toBe(200);
        expect(d1Cost(res).roundTrips, path).toBe(1);
      }
    });
  });

  describe("caching for readers", () => {
    it("gives site-token reads an ETag, a private max-age, and 304 on a match", async () => {
      const { site, space } = await publishedDocs();
      const reader = as(await siteTokenFor(siteUrl(site.id)));
      const first = await reader.get(`/spaces/${space.id}/content/pages`);
      const etag = first.headers.get("ETag");
      expect(etag).toMatch(/^W\/"[0-9a-f]{24}"$/);
      expect(first.headers.get("Cache-Control")).toContain("private, max-age=60");
      const again = await reader.get(`/spaces/${space.id}/content/pages`, {
        headers: { "If-None-Match": etag! },
      });
      expect(again.status).toBe(304);
    });
  });

  describe("members' previews", () => {
    it("resolve ~/changes/<id> for a member only; the token reads that change request", async () => {
      const { site, space, owner, outsider } = await publishedDocs();
      const cr = await proposeChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: "Draft page", document: { markdown: "Soon.\n" } },
      ]);
      const url = siteUrl(site.id, `~/changes/${cr.id}/draft-page`);
      const anonymous = await resolveUrl(url);
      const stranger = await resolveUrl(url, {}, outsider.token);
      expect(anonymous.status).toBe(404);
      expect(stranger.status).toBe(404);
      const member = await resolveUrl(url, {}, owner.token);
      expect(member.status).toBe(200);
      expect(member.body).toMatchObject({
        changeRequest: cr.id,
        preview: true,
        pathname: "draft-page",
      });
      const preview = as(member.body.apiToken);
      expect((await preview.get(`/spaces/${space.id}/change-requests/${cr.id}`)).status).toBe(200);
      const page = await preview.get(
        `/spaces/${space.id}/change-requests/${cr.id}/content/path/draft-page`,
      );
      expect(page.status).toBe(200);
      // An ordinary site token does not read change requests.
      const plain = as(await siteTokenFor(siteUrl(site.id)));
      expect((await plain.get(`/spaces/${space.id}/change-requests/${cr.id}`)).status).toBe(404);
    });
  });
});

describe("embeds", () => {
  beforeAll(emptyStorage);
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
        RATE_LIMIT_EMBEDS: (env as unknown as { RATE_LIMIT_TEST_LOW: RateLimit })
          .RATE_LIMIT_TEST_LOW,
      };
      const urls = Array.from({ length: 7 }, () => page("/article"));
      const answers = [];
      for (const url of urls) {
        answers.push(
          await call("GET", `/spaces/${d.space.id}/embed`, {
            token,
            query: { url },
            bindings: low,
          }),
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
});

describe("meta-links", () => {
  beforeAll(emptyStorage);
  /**
   * A site publishing two language variants at its root (English: "Introduction" > "Install",
   * "Guide"; French: "Introduction" > "Install" only) and a third space published elsewhere.
   */
  async function variants(visibility: "public" | "share-link" = "public") {
    const { org, owner } = await makeOrg();
    const en = await makeContentSpace(org.id, owner, "English");
    const fr = await makeContentSpace(org.id, owner, "Français");
    const other = await makeContentSpace(org.id, owner, "Other");
    await commitChanges(en.id, owner.user.id, [
      { operation: "insert_page", ref: "i", title: "Introduction", document: {} },
      { operation: "insert_page", into: "i", title: "Install", document: {} },
      { operation: "insert_page", title: "Guide", document: {} },
    ]);
    await commitChanges(fr.id, owner.user.id, [
      { operation: "insert_page", ref: "i", title: "Introduction", document: {} },
      { operation: "insert_page", into: "i", title: "Install", document: {} },
    ]);
    await commitChanges(other.id, owner.user.id, [
      { operation: "insert_page", ref: "i", title: "Introduction", document: {} },
      { operation: "insert_page", into: "i", title: "Install", document: {} },
    ]);
    const site = await makeSite(org.id, owner, {
      spaces: [{ id: en.id }, { id: fr.id }],
      published: true,
      visibility,
    });
    await makeSite(org.id, owner, { spaces: [{ id: other.id }], published: true });
    return {
      org,
      owner,
      site,
      en: await reloadSpace(en.id),
      fr: await reloadSpace(fr.id),
      enPages: await mainPagesByTitle(en.id),
      frPages: await mainPagesByTitle(fr.id),
    };
  }

  describe("page meta-links", () => {
    it("lists the page at the same path in the site's other variants, for a site token", async () => {
      const v = await variants();
      const token = await siteTokenFor(siteUrl(v.site.id));
      const install = v.enPages.get("Install")!.pageId;
      const res = await as(token).get(
        `/spaces/${v.en.id}/revisions/${v.en.revisionId}/page/${install}/meta-links`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        alternates: [{ kind: "page", page: v.frPages.get("Install")!.pageId, space: v.fr.id }],
      });
      const back = await as(token).get(
        `/spaces/${v.fr.id}/content/page/${v.frPages.get("Install")!.pageId}/meta-links`,
      );
      expect(back.body.alternates).toEqual([{ kind: "page", page: install, space: v.en.id }]);
    });

    it("has no alternate where a variant has no page at that path", async () => {
      const v = await variants();
      const token = await siteTokenFor(siteUrl(v.site.id));
      const guide = v.enPages.get("Guide")!.pageId;
      const res = await as(token).get(`/spaces/${v.en.id}/content/page/${guide}/meta-links`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ alternates: [] });
    });

    it("answers members at main, a revision and a change request", async () => {
      const v = await variants();
      const install = v.enPages.get("Install")!.pageId;
      const expected = [{ kind: "page", page: v.frPages.get("Install")!.pageId, space: v.fr.id }];
      const owner = as(v.owner.token);
      const main = await owner.get(`/spaces/${v.en.id}/content/page/${install}/meta-links`);
      expect(main.body.alternates).toEqual(expected);
      const cr = await owner.post(`/spaces/${v.en.id}/change-requests`, { subject: "x" });
      const inCr = await owner.get(
        `/spaces/${v.en.id}/change-requests/${cr.body.id}/content/page/${install}/meta-links`,
      );
      expect(inCr.status, inCr.text).toBe(200);
      expect(inCr.body.alternates).toEqual(expected);
    });

    it("shows members no variant of a site only some may read", async () => {
      const v = await variants("share-link");
      const install = v.enPages.get("Install")!.pageId;
      const res = await as(v.owner.token).get(
        `/spaces/${v.en.id}/content/page/${install}/meta-links`,
      );
      expect(res.body).toEqual({ alternates: [] });
    });

    it("is a 404 for another site's token, identical to a space that does not exist", async () => {
      const v = await variants();
      const other = await publishedDocs();
      const token = await siteTokenFor(siteUrl(other.site.id));
      const install = v.enPages.get("Install")!.pageId;
      const foreign = await as(token).get(`/spaces/${v.en.id}/content/page/${install}/meta-links`);
      const missing = await as(token).get(`/spaces/nope/content/page/${install}/meta-links`);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      const change = await as(token).get(
        `/spaces/${other.space.id}/change-requests/x/content/page/${install}/meta-links`,
      );
      expect(change.status).toBe(404);
    });

    it("is a 404 for a page that is not there", async () => {
      const v = await variants();
      const token = await siteTokenFor(siteUrl(v.site.id));
      const res = await as(token).get(`/spaces/${v.en.id}/content/page/nope/meta-links`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Page not found");
    });
  });

  describe("reusable contents", () => {
    it("are an honest 404 once the reader may read the content", async () => {
      const d = await publishedDocs();
      const token = await siteTokenFor(siteUrl(d.site.id));
      const space = await as(token).get(`/spaces/${d.space.id}`);
      const rev = `/spaces/${d.space.id}/revisions/${space.body.revision}`;
      for (const path of [
        `${rev}/reusable-contents/rc1`,
        `${rev}/reusable-contents/rc1/document`,
        `/spaces/${d.space.id}/content/reusable-contents/rc1`,
      ]) {
        const res = await as(token).get(path);
        expect(res.status, path).toBe(404);
        expect(res.body.error.message).toBe("Reusable content not found");
      }
      const other = await publishedDocs();
      const foreign = await as(await siteTokenFor(siteUrl(other.site.id))).get(
        `${rev}/reusable-contents/rc1/document`,
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.message).toBe("Space not found");
    });
  });
});

describe("sites-url", () => {
  beforeAll(emptyStorage);
  /**
   * PUBLIC_SITES_URL: where app-hosted sites live (the reader Worker). The site's `urls.published`
   * is built from it and URL resolution matches against it; with it unset (the suite's default),
   * sites live under `<PUBLIC_APP_URL>/sites`.
   */
  const bindings = { ...env, PUBLIC_SITES_URL: "https://docs.quire.test/" };

  /** A JSON call to the API Worker with PUBLIC_SITES_URL set. */
  async function call(method: string, path: string, token: string | null, body?: unknown) {
    const res = await workerFetch(
      `https://quire.test/v1${path}`,
      {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      },
      bindings,
    );
    return { status: res.status, body: (await res.json()) as any };
  }

  describe("sites published under PUBLIC_SITES_URL", () => {
    it("answers urls.published under it and resolves addresses under it", async () => {
      const d = await publishedDocs();
      const site = await call("GET", `/orgs/${d.org.id}/sites/${d.site.id}`, d.owner.token);
      expect(site.body.urls.published).toBe(`https://docs.quire.test/${d.site.id}`);
      const resolved = await call("POST", "/urls/published", null, {
        url: `https://docs.quire.test/${d.site.id}/introduction/install`,
      });
      expect(resolved.status).toBe(200);
      expect(resolved.body.pathname).toBe("introduction/install");
      expect(resolved.body.siteBasePath).toBe(`/${d.site.id}/`);
      // The app-hosted form no longer names the site once PUBLIC_SITES_URL is set.
      const old = await call("POST", "/urls/published", null, {
        url: `https://app.quire.test/sites/${d.site.id}/introduction/install`,
      });
      expect(old.status).toBe(404);
    });
  });
});
