import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { siteAuth, spaces } from "../../src/db/schema";
import { as, call } from "../helpers/api";
import { testDb } from "../helpers/factories";
import { makeShareLink, siteKey, unsignedToken, visitorToken } from "../helpers/sites-factories";
import { publishedDocs, resolveUrl, siteUrl } from "../helpers/reading-factories";

type Docs = Awaited<ReturnType<typeof publishedDocs>>;

/**
 * Every read a site token grants, as [name, path] for one published site: each must answer 200
 * with the site's own token and exactly what a nonexistent id answers with another site's.
 */
function reads(d: Docs, revisionId: string): [string, string][] {
  const page = d.pages.get("Install")!.pageId;
  const rev = `/spaces/${d.space.id}/revisions/${revisionId}`;
  return [
    ["published site", `/orgs/${d.org.id}/sites/${d.site.id}/published`],
    ["space", `/spaces/${d.space.id}`],
    ["main content", `/spaces/${d.space.id}/content`],
    ["pages", `/spaces/${d.space.id}/content/pages`],
    ["page by id", `/spaces/${d.space.id}/content/page/${page}`],
    ["revision", rev],
    ["revision pages", `${rev}/pages`],
    ["page in revision", `${rev}/page/${page}`],
    ["page document", `${rev}/page/${page}/document`],
    ["page by path", `${rev}/path/${encodeURIComponent("introduction/install")}`],
    ["files", `${rev}/files`],
    ["file", `${rev}/files/${d.file.fileId}`],
    ["author", `/users/${d.owner.user.id}`],
  ];
}

/** Resolves the site's root URL with `extra` and reads every operation with the token. */
async function readsWith(d: Docs, url: string, extra: Record<string, unknown> = {}) {
  const resolved = await resolveUrl(url, extra);
  expect(resolved.status, resolved.text).toBe(200);
  const token = resolved.body.apiToken as string;
  const space = await as(token).get(`/spaces/${d.space.id}`);
  for (const [name, path] of reads(d, space.body.revision)) {
    const res = await as(token).get(path);
    expect(res.status, `${name}: ${res.text}`).toBe(200);
  }
  return { token, resolved: resolved.body };
}

describe("who reads published content, by the site's visibility", () => {
  it("public and unlisted: anyone", async () => {
    for (const visibility of ["public", "unlisted"] as const) {
      const d = await publishedDocs({ visibility });
      await readsWith(d, siteUrl(d.site.id));
    }
  });

  it("share-link: an active key, in the query or as the first path segment", async () => {
    const d = await publishedDocs({ visibility: "share-link" });
    const link = await makeShareLink(d.site.id);
    const inactive = await makeShareLink(d.site.id, { active: false });
    const { resolved } = await readsWith(d, `${siteUrl(d.site.id)}?share=${link.key}`);
    expect(resolved.shareKey).toBe(link.key);
    const path = await readsWith(d, siteUrl(d.site.id, `${link.key}/introduction`));
    expect(path.resolved).toMatchObject({
      pathname: "introduction",
      basePath: `/sites/${d.site.id}/${link.key}/`,
    });
    const missing = await resolveUrl(siteUrl(d.site.id));
    const stale = await resolveUrl(`${siteUrl(d.site.id)}?share=${inactive.key}`);
    const unknown = await resolveUrl(siteUrl("nope"));
    for (const res of [missing, stale]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
  });

  it("share-link: deactivating the key ends the tokens minted with it", async () => {
    const d = await publishedDocs({ visibility: "share-link" });
    const link = await makeShareLink(d.site.id);
    const { token } = await readsWith(d, `${siteUrl(d.site.id)}?share=${link.key}`);
    const base = `/orgs/${d.org.id}/sites/${d.site.id}`;
    const off = await as(d.owner.token).patch(`${base}/share-links/${link.id}`, { active: false });
    expect(off.status).toBe(200);
    expect((await as(token).get(`/spaces/${d.space.id}/content`)).status).toBe(404);
  });

  it("visitor-auth: a valid visitor JWT; expired, forged and alg-none ones are refused", async () => {
    const d = await publishedDocs({ visibility: "visitor-auth" });
    const key = await siteKey(d.site.id);
    const good = await visitorToken(key, { plan: "pro" });
    const { token } = await readsWith(d, siteUrl(d.site.id), { visitor: { jwtToken: good } });
    expect(
      JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).claims,
    ).toMatchObject({ plan: "pro" });
    await readsWith(d, `${siteUrl(d.site.id)}?jwt_token=${good}`);
    const refused = [
      await visitorToken(key, {}, { exp: Math.floor(Date.now() / 1000) - 60 }),
      await visitorToken("another-key-entirely-another-key", {}),
      unsignedToken({ plan: "pro" }),
    ];
    const unknown = await resolveUrl(siteUrl("nope"));
    for (const jwtToken of [...refused, undefined]) {
      const res = await resolveUrl(siteUrl(d.site.id), jwtToken ? { visitor: { jwtToken } } : {});
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
    // With a login URL, a visitor without a valid token is sent there, the path kept.
    await testDb()
      .update(siteAuth)
      .set({ fallbackUrl: "https://login.example.com/start" })
      .where(eq(siteAuth.siteId, d.site.id));
    const redirect = await resolveUrl(siteUrl(d.site.id, "introduction"), {
      visitor: { jwtToken: refused[0] },
    });
    expect(redirect.status).toBe(200);
    expect(redirect.body).toEqual({
      target: "application",
      redirect: "https://login.example.com/start?location=%2Fintroduction",
    });
  });

  it("unpublished sites and deleted spaces read as nothing", async () => {
    const d = await publishedDocs({ published: false });
    expect((await resolveUrl(siteUrl(d.site.id))).status).toBe(404);
    const live = await publishedDocs();
    const token = (await resolveUrl(siteUrl(live.site.id))).body.apiToken;
    await testDb()
      .update(spaces)
      .set({ deletedAt: new Date().toISOString() })
      .where(eq(spaces.id, live.space.id));
    expect((await as(token).get(`/spaces/${live.space.id}/content`)).status).toBe(404);
    expect((await resolveUrl(siteUrl(live.site.id))).status).toBe(404);
  });

  it("another site's token reads nothing here, exactly as absence", async () => {
    const d = await publishedDocs();
    const other = await publishedDocs();
    const foreign = (await resolveUrl(siteUrl(other.site.id))).body.apiToken;
    const space = await as(d.owner.token).get(`/spaces/${d.space.id}`);
    for (const [name, path] of reads(d, space.body.revision)) {
      const res = await as(foreign).get(path);
      expect(res.status, name).toBe(404);
      const absent = await as(foreign).get(
        path.replaceAll(d.space.id, "nope").replaceAll(d.site.id, "nope"),
      );
      if (name !== "author") expect(res.body, name).toEqual(absent.body);
    }
  });

  it("every write with a site token is refused before its body is read", async () => {
    const d = await publishedDocs();
    const token = (await resolveUrl(siteUrl(d.site.id))).body.apiToken;
    const writes: [string, string][] = [
      ["POST", `/orgs/${d.org.id}/spaces`],
      ["PATCH", `/spaces/${d.space.id}`],
      ["DELETE", `/spaces/${d.space.id}`],
      ["POST", `/spaces/${d.space.id}/change-requests`],
      ["POST", `/orgs/${d.org.id}/sites/${d.site.id}/unpublish`],
      ["POST", `/spaces/${d.space.id}/content/import`],
    ];
    for (const [method, path] of writes) {
      const res = await call(method, path, { token, rawBody: "{not json" });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await as(d.owner.token).get(`/spaces/${d.space.id}`)).body.title).toBe(d.space.title);
  });
});
