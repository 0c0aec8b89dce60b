import { describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { as, call, d1Cost } from "../helpers/api";
import { publishedDocs, resolveUrl, siteTokenFor, siteUrl } from "../helpers/reading-factories";
import { proposeChanges } from "../helpers/content-factories";

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
