import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { urlsOf } from "../../http/urls";
import { resolveSite } from "../../auth/site";
import { errorResponses, jsonBody, jsonResponse, noContent } from "../../api-document/common";
import { commitWrites, type Writes } from "../../services/sites/commit";
import { moveItemPlan, type ItemKind, type MoveTarget } from "../../services/sites/moves";
import type { SiteTree } from "../../services/sites/tree";
import { commit, loadTree, presentItem, WRITE_STRUCTURE } from "./load";

/** The request's database handle. */
type Db = AppEnv["Variables"]["db"];

/** The path and params of one kind of structure item: `.../sites/{siteId}/<segment>/{<id>}`. */
interface ItemPath {
  kind: ItemKind;
  /** The collection segment of the path. */
  segment: "site-spaces" | "sections" | "section-groups";
  /** The name of the item's id in the path. */
  idParam: "siteSpaceId" | "siteSectionId" | "siteSectionGroupId";
  params: z.ZodObject;
}

/** The site and item ids of a validated item path. */
function idsOf(params: Record<string, string>, path: ItemPath) {
  return {
    organizationId: params.organizationId!,
    siteId: params.siteId!,
    id: params[path.idParam]!,
  };
}

/** Marks a deprecated operation's response, naming its successor. */
function markDeprecated(c: Context<AppEnv>, organizationId: string, siteId: string) {
  c.header("Deprecation", "true");
  const successor = urlsOf(c).api(`/orgs/${organizationId}/sites/${siteId}/structure/sort`);
  c.header("Link", `<${successor}>; rel="successor-version"`);
}

/** The deprecated move of one kind of item (successor: `PATCH .../structure/sort`). */
interface MoveSpec extends ItemPath {
  body: z.ZodType;
  /** The response item. */
  schema: z.ZodType;
  summary: string;
  /** The description of the 200 response. */
  moved: string;
  /** The 404 label of the item. */
  missing: string;
  /** The key of the sibling's id in the body's pointer (`body.position.<side>.<key>`). */
  pointerId: "siteSpace" | "siteSection" | "id";
}

/** A move body's `position`: one side, a pointer to the sibling. */
type Position = Partial<Record<"before" | "after", Record<string, string>>>;

/** Mounts `POST .../<segment>/{id}/move`: before or after a sibling, or to the end. */
export function mountMove(router: OpenAPIHono<AppEnv>, spec: MoveSpec) {
  const route = createRoute({
    method: "post",
    path: `/orgs/{organizationId}/sites/{siteId}/${spec.segment}/{${spec.idParam}}/move`,
    tags: ["sites"],
    deprecated: true,
    summary: spec.summary,
    request: { params: spec.params, body: jsonBody(spec.body, false) },
    responses: {
      200: jsonResponse(spec.schema, spec.moved),
      ...errorResponses(400, 403, 404, 409),
    },
  });
  router.openapi(route, async (c) => {
    const { id, ...params } = idsOf(c.req.valid("param") as Record<string, string>, spec);
    const { position } = c.req.valid("json") as { position?: Position };
    const loaded = await loadTree(c, params, WRITE_STRUCTURE);
    const side = position?.before ? "before" : "after";
    const pointer = position?.before ?? position?.after;
    const suffix = spec.pointerId === "id" ? "" : `.${spec.pointerId}`;
    const target: MoveTarget | undefined = pointer && {
      type: pointer.type as ItemKind,
      id: pointer[spec.pointerId]!,
      side,
      field: `position.${side}${suffix}`,
    };
    const plan = moveItemPlan(c.get("db"), loaded.tree, { type: spec.kind, id }, target);
    const view = await commit(c, loaded, plan.writes);
    markDeprecated(c, params.organizationId, params.siteId);
    return c.json(presentItem(view, spec.kind, id, spec.missing), 200);
  });
}

/** The delete of one kind of item: its writes, from the site (and its tree when `tree`). */
interface DeleteSpec extends ItemPath {
  summary: string;
  /** The writes deleting the item (none: nothing to delete, still a 204). */
  writes:
    | { tree: false; plan: (db: Db, siteId: string, id: string) => Writes }
    | { tree: true; plan: (db: Db, tree: SiteTree, id: string) => Writes };
}

/** Mounts `DELETE .../<segment>/{id}`: 204, also when the item is absent. */
export function mountDelete(router: OpenAPIHono<AppEnv>, spec: DeleteSpec) {
  const route = createRoute({
    method: "delete",
    path: `/orgs/{organizationId}/sites/{siteId}/${spec.segment}/{${spec.idParam}}`,
    tags: ["sites"],
    summary: spec.summary,
    request: { params: spec.params },
    responses: { ...noContent, ...errorResponses(403, 404) },
  });
  router.openapi(route, async (c) => {
    const { id, ...params } = idsOf(c.req.valid("param") as Record<string, string>, spec);
    const db = c.get("db");
    const { writes } = spec;
    if (writes.tree) {
      const { tree } = await loadTree(c, params, WRITE_STRUCTURE);
      await commitWrites(db, writes.plan(db, tree, id));
    } else {
      await resolveSite(c, params.organizationId, params.siteId, WRITE_STRUCTURE);
      await commitWrites(db, writes.plan(db, params.siteId, id));
    }
    return c.body(null, 204);
  });
}
