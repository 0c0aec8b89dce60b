import type { ShareLinkRow } from "../../db/schema";
import { createRoute, z } from "@hono/zod-openapi";
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonResponse } from "../../openapi/common";
import {
  presentSection,
  presentSectionGroup,
  presentSiteSpace,
  presentStructure,
  type StructureView,
} from "../../presenters/site-structure";
import { shareLinkByKeyQuery } from "../../auth/published";
import { resolveSite, SITE_ROLES, type SiteNeed } from "../../auth/site";
import { commitAndReload } from "../../services/sites/commit";
import { moveItemPlan, type ItemKind, type MoveTarget } from "../../services/sites/moves";
import {
  siteTreeFrom,
  siteTreeQueries,
  TREE_STATEMENTS,
  type SiteTree,
  type SiteTreeResults,
} from "../../services/sites/tree";
import { SiteParams } from "../../api/sites";
import {
  PreferHeaders,
  ShareKeyQuery,
  SiteSectionGroupSchema,
  SiteSectionSchema,
  SiteSpaceSchema,
  SiteStructureSchema,
  SortStructureBody,
} from "../../api/sites-structure";

/** The structure of a site: read it, reorder it. */
export const structureRoutes = createRouter();

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

/**
 * Loads a site with its whole structure, the share link matching `shareKey` (it decorates
 * published URLs only when it is an active link of this site) and `more` statements, in one
 * round trip; `more` results come back in order.
 */
export async function loadTree<const T extends readonly BatchItem<"sqlite">[]>(
  c: Context<AppEnv>,
  params: { organizationId: string; siteId: string },
  need: SiteNeed,
  options: { shareKey?: string; more?: T } = {},
) {
  const access = await resolveSite(c, params.organizationId, params.siteId, need, [
    shareLinkByKeyQuery(c.var.db, params.siteId, options.shareKey),
    ...siteTreeQueries(c, params.siteId),
    ...(options.more ?? []),
  ]);
  const [links, ...rest] = access.extra as unknown as [ShareLinkRow[], ...unknown[]];
  const treeRows = rest.slice(0, TREE_STATEMENTS) as unknown as SiteTreeResults;
  const more = rest.slice(TREE_STATEMENTS) as unknown as { [K in keyof T]: Awaited<T[K]> };
  const tree = siteTreeFrom(access.site, access.member, treeRows);
  const view: StructureView = { c, tree, shareKey: validKey(links, options.shareKey) };
  return { ...access, tree, view, more };
}

/** `shareKey` when it is the key of one of the (active, matching) links, else undefined. */
function validKey(links: readonly ShareLinkRow[], shareKey?: string) {
  return links.some((l) => l.key === shareKey) ? shareKey : undefined;
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

/** Presents one structure item of a (reloaded) tree; 404 if it is gone. */
export function presentItem(c: Context<AppEnv>, tree: SiteTree, kind: ItemKind, id: string) {
  const view: StructureView = { c, tree };
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
  throw notFound("Site structure item");
}

structureRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/structure",
    tags: ["sites"],
    summary: "Get the navigation structure of a site: sections and groups, or site spaces",
    request: { params: SiteParams, query: ShareKeyQuery },
    responses: { 200: jsonResponse(SiteStructureSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { shareKey } = c.req.valid("query");
    const { view } = await loadTree(c, c.req.valid("param"), READ_STRUCTURE, { shareKey });
    return c.json(presentStructure(view), 200);
  },
);

structureRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/sites/{siteId}/structure/sort",
    tags: ["sites"],
    summary: "Move a site space, section or section group before or after a sibling",
    request: {
      params: SiteParams,
      body: jsonBody(SortStructureBody),
      headers: PreferHeaders,
    },
    responses: {
      200: jsonResponse(
        z.union([SiteSpaceSchema, SiteSectionSchema, SiteSectionGroupSchema]),
        "Item moved",
      ),
      ...minimalResponse,
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { item, position } = c.req.valid("json");
    const { prefer } = c.req.valid("header");
    const { tree, member, site } = await loadTree(c, c.req.valid("param"), WRITE_STRUCTURE);
    const side = position.before ? "before" : "after";
    const pointer = (position.before ?? position.after)!;
    const target: MoveTarget = { ...pointer, side, field: `body.position.${side}` };
    const plan = moveItemPlan(c.var.db, tree, item, target);
    const fresh = await commitAndReload(c, member, site, plan.writes);
    if (wantsMinimal(c, prefer)) return c.body(null, 204);
    return c.json(presentItem(c, fresh, item.type, item.id), 200);
  },
);
