import type { Context } from "hono";
import type { AppEnv } from "../../env";
import type { NoStatements, Results, Statements } from "../../db/plan";
import { callerDigest } from "../../auth/caller";
import { resolveSite, SITE_ROLES, type ResolvedSite, type SiteNeed } from "../../auth/site";
import { notFound } from "../../lib/errors";
import { urlsOf } from "../../http/urls";
import {
  presentSection,
  presentSectionGroup,
  presentSiteSpace,
  type StructureView,
} from "../../presenters/site-structure";
import { commitAndReload, type Writes } from "../../services/sites/commit";
import type { ItemKind } from "../../services/sites/moves";
import { structureFrom, structureStatements, type SiteTree } from "../../services/sites/tree";

/** What reading a site's structure needs. */
export const READ_STRUCTURE: SiteNeed = {
  scope: "site:read",
  minimum: SITE_ROLES.read,
  action: "read sites",
};

/** What changing a site's structure needs. */
export const WRITE_STRUCTURE: SiteNeed = {
  scope: "site:write",
  minimum: SITE_ROLES.manage,
  action: "change the structure of sites",
};

/** A structure view over a whole site tree (what the routes look items up in). */
type TreeView = StructureView & { tree: SiteTree };

/** The view presenting `tree` for the request (the share key decorates published URLs). */
export function viewOf(c: Context<AppEnv>, tree: SiteTree, shareKey?: string): TreeView {
  return { urls: urlsOf(c), tree, shareKey };
}

/** A site loaded with its whole structure, ready to present or to change. */
interface LoadedTree<S extends Statements> extends ResolvedSite {
  tree: SiteTree;
  view: TreeView;
  results: Results<S>;
}

/**
 * Loads a site with its whole structure, the share link matching `shareKey` (it decorates
 * published URLs only when it is an active link of this site) and the statements of `with`, in
 * one round trip; their results come back by name in `results`.
 */
export async function loadTree<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  params: { organizationId: string; siteId: string },
  need: SiteNeed,
  options: { shareKey?: string; with?: S } = {},
): Promise<LoadedTree<S>> {
  const reads = structureStatements(c.get("db"), callerDigest(c), params.siteId, options.shareKey);
  const { results, ...access } = await resolveSite(c, params.organizationId, params.siteId, need, {
    with: { ...reads, ...options.with },
  });
  const { tree, shareKey } = structureFrom(access.site, access.member, results, options.shareKey);
  const view = viewOf(c, tree, shareKey);
  return { ...access, tree, view, results: results as Results<S> };
}

/**
 * Runs a structure change of a loaded site and reads the new structure back in the same round
 * trip (see `commitAndReload`); the view presents the fresh tree.
 */
export async function commit(
  c: Context<AppEnv>,
  loaded: ResolvedSite,
  writes: Writes,
): Promise<TreeView> {
  const who = { callerDigest: callerDigest(c), member: loaded.member };
  const tree = await commitAndReload(c.get("db"), who, loaded.site, writes);
  return viewOf(c, tree);
}

/**
 * Whether the caller asked for `Prefer: return=minimal` (the official structure writes then
 * answer 204 with `Preference-Applied`); marks the response when so.
 */
export function wantsMinimal(c: Context<AppEnv>, prefer: string | undefined): boolean {
  if (prefer !== "return=minimal") return false;
  c.header("Preference-Applied", "return=minimal");
  return true;
}

/** The 204 response of a structure write under `Prefer: return=minimal`. */
export const minimalResponse = { 204: { description: "Done (Prefer: return=minimal)" } };

/** Presents one structure item of a (reloaded) tree; the 404 of `missing` if it is gone. */
export function presentItem(
  view: TreeView,
  kind: ItemKind,
  id: string,
  missing = "Site structure item",
) {
  const { tree } = view;
  if (kind === "site-space") {
    const row = tree.siteSpaces.find((r) => r.id === id);
    if (row) return presentSiteSpace(view, row);
  } else if (kind === "site-section") {
    const row = tree.sections.find((r) => r.id === id);
    if (row) return presentSection(view, row);
  } else if (kind === "site-section-group") {
    const row = tree.groups.find((r) => r.id === id);
    if (row) return presentSectionGroup(view, row);
  }
  throw notFound(missing);
}
