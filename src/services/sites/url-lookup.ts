import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { preparedSelect, type Params } from "../../db/prepared";
import { shareLinks, siteAuth, sites } from "../../db/schema/index";
import { siteTreeStatements } from "./tree-reads";

/**
 * The statements that find which published site a URL belongs to (`POST /v1/urls/published`):
 * by its custom host name, its proxy origin (a host and path prefix), or the app-hosted address
 * that names its id; with the site's active share links matching the keys the URL may carry
 * and its visitor-auth key. Written once per isolate; when the URL names a site id, that site's
 * structure joins the same round trip.
 */

/** What a URL offers to the lookup. */
export interface UrlKeys {
  /** The host name, lower case, without a port. */
  host: string;
  /** The site id of an app-hosted address (`<PUBLIC_SITES_URL>/<id>`, lib/site-urls.ts), or "" for none. */
  appSite: string;
  /** Every host-and-path prefix of the URL without its scheme (proxy origins), as JSON. */
  proxies: string[];
  /** Share keys the URL may carry: its `share` parameter and any path segment (as JSON). */
  keys: string[];
}

type Names = "host" | "appSite" | "proxies" | "keys";

/** SQL: the ids of the published sites a URL may belong to. */
function candidateIdsSql(p: Params<Names>): SQL {
  return sql`SELECT ${sites.id} FROM ${sites} WHERE ${sites.published} = 1 AND (
    ${sites.hostname} = ${p("host")} OR ${sites.id} = ${p("appSite")}
    OR ${sites.proxy} IN (SELECT value FROM json_each(${p("proxies")})))`;
}

/** The candidate sites, their matching active share links and their visitor-auth rows. */
const LOOKUP = {
  sites: preparedSelect(
    () => getTableColumns(sites),
    (select, p: Params<Names>) =>
      select.from(sites).where(sql`${sites.id} IN (${candidateIdsSql(p)})`),
  ),
  links: preparedSelect(
    () => ({ siteId: shareLinks.siteId, key: shareLinks.key }),
    (select, p: Params<Names>) =>
      select
        .from(shareLinks)
        .where(
          and(
            sql`${shareLinks.siteId} IN (${candidateIdsSql(p)})`,
            sql`${shareLinks.key} IN (SELECT value FROM json_each(${p("keys")}))`,
            eq(shareLinks.active, true),
          ),
        ),
  ),
  auths: preparedSelect(
    () => getTableColumns(siteAuth),
    (select, p: Params<Names>) =>
      select.from(siteAuth).where(sql`${siteAuth.siteId} IN (${candidateIdsSql(p)})`),
  ),
};

/** The lookup's statements for one URL, with the named site's structure when it names one. */
export function urlLookupStatements(db: Database, keys: UrlKeys) {
  const values = {
    host: keys.host,
    appSite: keys.appSite,
    proxies: JSON.stringify(keys.proxies),
    keys: JSON.stringify(keys.keys),
  };
  return {
    sites: LOOKUP.sites.bind(db, values),
    links: LOOKUP.links.bind(db, values),
    auths: LOOKUP.auths.bind(db, values),
  };
}

/** A site's structure as a visitor reads it (no caller: every space role is null). */
export function visitorTreeStatements(db: Database, siteId: string) {
  return siteTreeStatements(db, "", siteId);
}
