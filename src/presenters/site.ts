import type { SiteRow } from "../db/schema";
import type { Urls } from "../http/urls";
import type { Site } from "../api/sites";

/** The fields of a site its published URLs are built from (a whole row, or a placement's). */
type SiteAddress = Pick<SiteRow, "id" | "proxy" | "hostname" | "published" | "visibility">;

/**
 * Where a space is published, as a Space's `urls.published` is built from it: the site, the
 * path segments under it and the share key of a share-link site (services/sites/published-placement.ts).
 */
export interface SpacePlacement {
  site: SiteAddress;
  segments: readonly string[];
  shareKey?: string;
}

/**
 * Where the published site lives: its proxy origin, else its custom host name, else the
 * app-hosted address `<PUBLIC_SITES_URL>/<id>` (lib/site-urls.ts).
 */
export function siteBaseUrl(urls: Urls, site: SiteAddress): string {
  if (site.proxy) return `https://${site.proxy}`;
  if (site.hostname) return `https://${site.hostname}`;
  return urls.site(site.id);
}

/**
 * A published URL under the site (`segments` joined by "/"), carrying `shareKey` when the site
 * is a share-link site and the key was given; undefined while the site is unpublished.
 */
export function publishedUrl(
  urls: Urls,
  site: SiteAddress,
  segments: readonly string[],
  shareKey?: string,
): string | undefined {
  if (!site.published) return undefined;
  const path = segments.map(encodeURIComponent).join("/");
  const url = path ? `${siteBaseUrl(urls, site)}/${path}` : siteBaseUrl(urls, site);
  return shareKey && site.visibility === "share-link"
    ? `${url}?share=${encodeURIComponent(shareKey)}`
    : url;
}

/**
 * A site looks the same from every endpoint: the official required fields, optional ones only
 * when set; `permissions` come from the caller's access (`auth/site.ts`); `siteSpaces` is the exact counter kept by the services; `urls.published` exists only
 * while the site is published. No `ads` (optional officially): Quire serves no ads, and GitBook's
 * renderer shows an ad placeholder for a `pending` or `in-review` status, none without the field.
 */
export function presentSite(
  urls: Urls,
  site: SiteRow,
  permissions: Site["permissions"],
  shareKey?: string,
): Site {
  const published = publishedUrl(urls, site, [], shareKey);
  const appPath = `/o/${site.organizationId}/sites/${site.id}`;
  return {
    object: "site",
    id: site.id,
    type: site.type,
    appliedType: site.type,
    title: site.title,
    ...(site.hostname ? { hostname: site.hostname } : {}),
    ...(site.basename ? { basename: site.basename } : {}),
    ...(site.proxy ? { proxy: { origin: site.proxy, target: urls.site(site.id) } } : {}),
    visibility: site.visibility,
    defaultLevel: site.defaultLevel,
    permissions,
    published: site.published,
    siteSpaces: site.siteSpacesCount,
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent },
    agentsContext: site.agentsContext,
    features: [],
    urls: {
      location: urls.api(`/orgs/${site.organizationId}/sites/${site.id}`),
      app: urls.app(appPath),
      preview: urls.app(`${appPath}/preview`),
      ...(published ? { published } : {}),
    },
  };
}
