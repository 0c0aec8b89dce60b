import { eq } from "drizzle-orm";
import type { SiteVisibility } from "../../src/db/schema/sites";
import { openapiSpecs } from "../../src/db/schema";
import { as, call, type ApiResponse } from "./api";
import { makeUser, testDb } from "./factories";
import { mainDocs, mainPagesByTitle } from "./content-factories";
import { makeSite } from "./sites-factories";

/** The app-hosted address of a site in tests (vitest's PUBLIC_APP_URL). */
export function siteUrl(siteId: string, path = ""): string {
  return `https://app.quire.test/sites/${siteId}${path ? `/${path}` : ""}`;
}

/**
 * A published site over one space with a small tree ("Introduction" > "Install", "Guide") and a
 * main file, as readers see it: what the published-reading tests start from.
 */
export async function publishedDocs(
  options: { visibility?: SiteVisibility; published?: boolean; adaptive?: boolean } = {},
) {
  const { org, owner, space, file } = await mainDocs();
  const site = await makeSite(org.id, owner, {
    spaces: [{ id: space.id }],
    published: options.published ?? true,
    visibility: options.visibility ?? "public",
    adaptive: options.adaptive,
  });
  const pages = await mainPagesByTitle(space.id);
  const outsider = await makeUser();
  return { org, owner, outsider, space, site, file, pages };
}

/** `POST /v1/urls/published` for a URL, anonymously unless a token is given. */
export function resolveUrl(
  url: string,
  extra: Record<string, unknown> = {},
  token?: string,
): Promise<ApiResponse> {
  return call("POST", "/urls/published", { body: { url, ...extra }, token });
}

/** The site token a URL resolves to (fails the test when it does not resolve). */
export async function siteTokenFor(url: string, extra: Record<string, unknown> = {}) {
  const res = await resolveUrl(url, extra);
  if (res.status !== 200 || !res.body.apiToken) {
    throw new Error(`${url} did not resolve: ${res.status} ${res.text}`);
  }
  return res.body.apiToken as string;
}

/**
 * `publishedDocs` read through a site token at its head revision: the token, the revision's
 * path (`rev`), the Install page's id and the revision-fixed reads of it (`fixedPaths`).
 */
export async function revisionReader() {
  const docs = await publishedDocs();
  const token = await siteTokenFor(siteUrl(docs.site.id));
  const head = await as(token).get(`/spaces/${docs.space.id}`);
  const rev = `/spaces/${docs.space.id}/revisions/${head.body.revision as string}`;
  const install = docs.pages.get("Install")!.pageId;
  /** Its revision-fixed reads: a page's document, the page, a path, the tree, the files. */
  const fixedPaths = [
    `${rev}/page/${install}/document`,
    `${rev}/page/${install}`,
    `${rev}/path/introduction%2Finstall`,
    `${rev}/pages`,
    `${rev}/files`,
  ];
  return { ...docs, token, rev, install, fixedPaths };
}

/**
 * An API spec of the organization written straight to D1 (no processing): what moves the spec
 * state that revision-fixed reads depend on. `moveSpec` gives it a new live version.
 */
export async function addSpec(organizationId: string): Promise<void> {
  const now = new Date().toISOString();
  await testDb()
    .insert(openapiSpecs)
    .values({
      id: `spec-${organizationId}`,
      organizationId,
      slug: "petstore",
      sourceKind: "url",
      sourceUrl: "https://example.com/petstore.json",
      processingState: "pending",
      createdAt: now,
      updatedAt: now,
    });
}

/** Moves the spec of `addSpec` to a new live version. */
export async function moveSpec(organizationId: string, versionId = "version-2"): Promise<void> {
  await testDb()
    .update(openapiSpecs)
    .set({ lastVersionId: versionId })
    .where(eq(openapiSpecs.id, `spec-${organizationId}`));
}
