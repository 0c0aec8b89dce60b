import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { mintSiteToken } from "../../src/auth/site-token";
import { sites, spaces } from "../../src/db/schema";
import { createSite } from "../../src/services/sites/sites";
import { call } from "./api";
import { mainDocs, proposeChanges } from "./content-factories";
import { testDb, unique } from "./factories";

/**
 * A published public site of another organization over a new space with content (made without
 * the site factories: they declare matrices, and importing them here is a cycle).
 */
async function foreignSite(title: string, adaptive: boolean) {
  const { org, owner, space } = await mainDocs();
  const [row] = await testDb().select().from(spaces).where(eq(spaces.id, space.id));
  const site = await createSite(testDb(), {
    organizationId: org.id,
    createdBy: owner.user.id,
    type: "basic",
    title: unique(title),
    visibility: "public",
    spaces: [row!],
  });
  await testDb()
    .update(sites)
    .set({ published: true, adaptiveContent: adaptive })
    .where(eq(sites.id, site.id));
  return { owner, space, site };
}

/** A site token of a published site of another organization, made once per test file. */
let foreign: Promise<string> | undefined;

/** The API token of a public site no matrix world belongs to (reads nothing of theirs). */
export function foreignSiteToken(): Promise<string> {
  foreign ??= (async () => {
    // An adaptive site, and a visitor bringing claims: a visitor's claims never widen what a
    // site token reaches (issue 34, finding 6: the adaptive case of every matrix).
    const { site } = await foreignSite("Foreign site ", true);
    const res = await call("POST", "/urls/published", {
      body: {
        url: `https://app.quire.test/sites/${site.id}`,
        visitor: { unsignedClaims: { admin: true, plan: "enterprise" } },
      },
    });
    if (res.status !== 200) throw new Error(`the foreign site did not resolve: ${res.text}`);
    return res.body.apiToken as string;
  })();
  return foreign;
}

/** A member's preview token on another organization's site, made once per test file. */
let foreignPreview: Promise<string> | undefined;

/**
 * The preview token (`~/changes/<id>`, resolved with the member's Quire token) of a change
 * request of a published site no matrix world belongs to: it reads that change request only.
 */
export function foreignPreviewToken(): Promise<string> {
  foreignPreview ??= (async () => {
    const { owner, space, site } = await foreignSite("Foreign preview site ", false);
    const cr = await proposeChanges(space.id, owner.user.id, [
      { operation: "insert_page", title: "Foreign draft", document: { markdown: "Draft.\n" } },
    ]);
    const res = await call("POST", "/urls/published", {
      body: { url: `https://app.quire.test/sites/${site.id}/~/changes/${cr.id}/` },
      token: owner.token,
    });
    if (res.status !== 200) throw new Error(`preview did not resolve: ${res.text}`);
    return res.body.apiToken as string;
  })();
  return foreignPreview;
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
