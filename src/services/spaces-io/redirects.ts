import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { siteSections, siteSpaces, sites, type SiteRow } from "../../db/schema";
import { FieldError } from "../../lib/errors";
import { createRedirect } from "../sites/redirects";
import type { Warnings } from "./warnings";

/** A site redirect's source as the official SiteRedirectSourcePath allows (no wildcard here). */
const SOURCE =
  /^\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*$/;

/** At most this many `.gitbook.yaml` redirects are made per import (a site holds a bounded number). */
const MAX_IMPORTED_REDIRECTS = 1000;

/** `.gitbook.yaml`'s old path as a path under a site space: no `.md`, no `README`, no slashes around. */
function oldPath(from: string): string {
  return from
    .replace(/^\/+|\/+$/g, "")
    .replace(/(?:^|\/)README\.md$/i, "")
    .replace(/\.(md|markdown)$/i, "");
}

/**
 * Applies a repository's `.gitbook.yaml` redirects to the sites that publish the space: for each
 * site space showing it, a draft site redirect (official SiteRedirect, `draft: true`) from the
 * old path under that site space to the page the target file became. Draft, because the import
 * lands in a change request: the redirects go live when someone publishes the site's draft
 * redirects (after merging). A target no page was made from, a source the redirect rules refuse,
 * a source a redirect already has, or a site at its redirect cap: a warning each.
 */
export async function applyConfigRedirects(
  db: Database,
  spaceId: string,
  redirects: Readonly<Record<string, string>>,
  pageIdByFile: ReadonlyMap<string, string>,
  root: string,
  warnings: Warnings,
): Promise<number> {
  const entries = Object.entries(redirects).slice(0, MAX_IMPORTED_REDIRECTS);
  if (entries.length === 0) return 0;
  if (Object.keys(redirects).length > MAX_IMPORTED_REDIRECTS)
    warnings.add(`.gitbook.yaml: only the first ${MAX_IMPORTED_REDIRECTS} redirects are applied`);
  const targets: [string, string][] = [];
  for (const [from, to] of entries) {
    const file = root ? `${root}/${to}` : to;
    const pageId = pageIdByFile.get(file);
    if (pageId) targets.push([oldPath(from), pageId]);
    else
      warnings.add(
        `.gitbook.yaml: the redirect from "${from}" names ${to}, which no imported page is; not made`,
      );
  }
  const shown = await db.select().from(siteSpaces).where(eq(siteSpaces.spaceId, spaceId));
  if (shown.length === 0 || targets.length === 0) {
    if (targets.length > 0)
      warnings.add(".gitbook.yaml: no site publishes the space; its redirects are not made");
    return 0;
  }
  const sectionIds = [...new Set(shown.map((s) => s.sectionId).filter((id) => id !== null))];
  const [siteRows, sections] = await Promise.all([
    db
      .select()
      .from(sites)
      .where(inArray(sites.id, [...new Set(shown.map((s) => s.siteId))])),
    sectionIds.length > 0
      ? db.select().from(siteSections).where(inArray(siteSections.id, sectionIds))
      : Promise.resolve([]),
  ]);
  const sectionPath = new Map(sections.map((s) => [s.id, s.path]));
  const siteById = new Map<string, SiteRow>(siteRows.map((s) => [s.id, s]));
  let made = 0;
  for (const siteSpace of shown) {
    const prefix = [siteSpace.sectionId ? sectionPath.get(siteSpace.sectionId) : "", siteSpace.path]
      .filter((p) => p)
      .join("/");
    for (const [from, pageId] of targets) {
      const site = siteById.get(siteSpace.siteId);
      if (!site) continue;
      const source = `/${[prefix, from].filter((p) => p).join("/")}`;
      if (!SOURCE.test(source) || source.length > 512) {
        warnings.add(
          `.gitbook.yaml: the redirect from "${from}" is not a usable site path; not made`,
        );
        continue;
      }
      try {
        await createRedirect(db, site, {
          source,
          destination: { kind: "site-page", siteSpaceId: siteSpace.id, pageId },
          draft: true,
          captureWildcard: false,
          permanent: true,
        });
        site.draftRedirectsCount += 1;
        made++;
      } catch (error) {
        // Over the site's cap, or a draft redirect has this source already (a re-import).
        if (!(error instanceof FieldError)) throw error;
        warnings.add(`"${site.title}": the redirect from ${source} is not made (${error.rule})`);
      }
    }
  }
  return made;
}

/** The page a `.gitbook.yaml` redirect moves: old Quire path (slugs) by the new file's path. */
export function renamedPaths(
  redirects: Readonly<Record<string, string>>,
  root: string,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [from, to] of Object.entries(redirects)) {
    const old = oldPath(from).toLowerCase();
    if (old) out.set(root ? `${root}/${to}` : to, old);
  }
  return out;
}
