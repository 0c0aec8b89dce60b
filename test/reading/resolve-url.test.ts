import { describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { as, call } from "../helpers/api";
import { publishedDocs, resolveUrl, siteTokenFor, siteUrl } from "../helpers/reading-factories";

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
