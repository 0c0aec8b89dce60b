import type { ShareLinkRow, SiteRow } from "../db/schema";
import type { Urls } from "../http/urls";
import type { ShareLink } from "../api/sites-publishing";

import { siteBaseUrl } from "./site";

/**
 * A share link looks the same from every endpoint; its key travels only inside `urls.published`
 * (`<site URL>?share=<key>`), and only to callers who may manage the site.
 */
export function presentShareLink(
  urls: Urls,
  site: SiteRow,
  row: ShareLinkRow,
  showKey: boolean,
): ShareLink {
  return {
    object: "share-link",
    id: row.id,
    createdAt: row.createdAt,
    name: row.name,
    active: row.active,
    urls: showKey
      ? { published: `${siteBaseUrl(urls, site)}?share=${encodeURIComponent(row.key)}` }
      : {},
  };
}
