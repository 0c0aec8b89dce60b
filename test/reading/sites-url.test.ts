import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { workerFetch } from "../helpers/api";
import { publishedDocs } from "../helpers/reading-factories";

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
