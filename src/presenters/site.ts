import type { SiteRow } from "../db/schema";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { atLeast, type MemberRole } from "../lib/roles";
import { apiUrl, appUrl } from "../lib/urls";
import type { Site } from "../api/sites";

/**
 * Where the published site lives: its proxy origin, else its custom host name, else the
 * app-hosted address `<PUBLIC_APP_URL>/sites/<id>`.
 */
export function siteBaseUrl(c: Context<AppEnv>, site: SiteRow): string {
  if (site.proxy) return `https://${site.proxy}`;
  if (site.hostname) return `https://${site.hostname}`;
  return appUrl(c, `/sites/${site.id}`);
}

/**
 * A published URL under the site (`segments` joined by "/"), carrying `shareKey` when the site
 * is a share-link site and the key was given; undefined while the site is unpublished.
 */
export function publishedUrl(
  c: Context<AppEnv>,
  site: SiteRow,
  segments: readonly string[],
  shareKey?: string,
): string | undefined {
  if (!site.published) return undefined;
  const path = segments.map(encodeURIComponent).join("/");
  const url = path ? `${siteBaseUrl(c, site)}/${path}` : siteBaseUrl(c, site);
  return shareKey && site.visibility === "share-link"
    ? `${url}?share=${encodeURIComponent(shareKey)}`
    : url;
}

/**
 * The Site `permissions` object from the caller's organization role (null: a visitor, who may
 * only view what published access let them reach).
 */
export function sitePermissions(role: MemberRole | null, visitor = false): Site["permissions"] {
  return {
    view: visitor || atLeast(role, "read"),
    access: atLeast(role, "read"),
    edit: atLeast(role, "edit"),
    create: atLeast(role, "create"),
    admin: atLeast(role, "admin"),
    installIntegration: atLeast(role, "admin"),
    viewAdaptiveSchema: atLeast(role, "read"),
    editAdaptiveSchema: atLeast(role, "create"),
  };
}

/**
 * A site looks the same from every endpoint: the official required fields, optional ones only
 * when set; `siteSpaces` is the exact counter kept by the services; `urls.published` exists only
 * while the site is published.
 */
export function presentSite(
  c: Context<AppEnv>,
  site: SiteRow,
  role: MemberRole | null,
  options: { visitor?: boolean; shareKey?: string } = {},
): Site {
  const published = publishedUrl(c, site, [], options.shareKey);
  const appPath = `/o/${site.organizationId}/sites/${site.id}`;
  return {
    object: "site",
    id: site.id,
    type: site.type,
    appliedType: site.type,
    title: site.title,
    ...(site.hostname ? { hostname: site.hostname } : {}),
    ...(site.basename ? { basename: site.basename } : {}),
    ...(site.proxy
      ? { proxy: { origin: site.proxy, target: appUrl(c, `/sites/${site.id}`) } }
      : {}),
    visibility: site.visibility,
    defaultLevel: site.defaultLevel,
    permissions: sitePermissions(role, options.visitor),
    published: site.published,
    siteSpaces: site.siteSpacesCount,
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent },
    ads: { status: "pending", submittable: false },
    agentsContext: site.agentsContext,
    features: [],
    urls: {
      location: apiUrl(c, `/orgs/${site.organizationId}/sites/${site.id}`),
      app: appUrl(c, appPath),
      preview: appUrl(c, `${appPath}/preview`),
      ...(published ? { published } : {}),
    },
  };
}
