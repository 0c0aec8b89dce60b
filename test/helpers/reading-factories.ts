import { decodeJwt } from "jose";
import { mintSiteToken } from "../../src/auth/site-token";
import type { SiteVisibility } from "../../src/db/schema/sites";
import { call, type ApiResponse } from "./api";
import { makeOrg, makeUser } from "./factories";
import {
  commitChanges,
  makeContentSpace,
  mainPagesByTitle,
  seedMainFile,
} from "./content-factories";
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
  const { org, owner } = await makeOrg();
  const space = await makeContentSpace(org.id, owner);
  await commitChanges(space.id, owner.user.id, [
    {
      operation: "insert_page",
      ref: "intro",
      title: "Introduction",
      document: { markdown: "Hello **world**.\n" },
    },
    {
      operation: "insert_page",
      into: "intro",
      title: "Install",
      document: { markdown: "Run `npm i`.\n" },
    },
    { operation: "insert_page", title: "Guide", document: { markdown: "# Guide\n\nSteps.\n" } },
  ]);
  const file = await seedMainFile(space.id, {
    name: "logo.png",
    contentType: "image/png",
    bytes: new Uint8Array([137, 80, 78, 71, 9, 9, 9]),
    width: 16,
    height: 8,
  });
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

/** A site token of a published site of another organization, made once per test file. */
let foreign: Promise<string> | undefined;

/** The API token of a public site no matrix world belongs to (reads nothing of theirs). */
export function foreignSiteToken(): Promise<string> {
  foreign ??= (async () => {
    const { site } = await publishedDocs();
    return siteTokenFor(siteUrl(site.id));
  })();
  return foreign;
}

/** Site tokens an attacker could forge: signed with another key, and `alg: none`. */
export async function forgedSiteTokens(): Promise<string[]> {
  const genuine = await foreignSiteToken();
  const claims = decodeJwt(genuine);
  const wrongKey = await mintSiteToken("not the deployment's secret", {
    organization: String(claims.organization),
    site: String(claims.site),
    siteSpace: String(claims.siteSpace),
    space: String(claims.space),
    spaces: claims.spaces as string[],
    publicationVersion: Number(claims.pv),
    claims: {},
    adaptive: false,
    visitorType: "human",
  });
  const part = (v: unknown) =>
    btoa(JSON.stringify(v)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return [wrongKey.token, `${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`];
}
