import { createRoute } from "@hono/zod-openapi";
import { notFound, UnknownReference } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { declareList, textPairKey } from "../../http/lists";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { resolveSite } from "../../auth/site";
import { presentSiteRedirect } from "../../presenters/site-redirect";
import {
  checkDestinations,
  siteRefsFrom,
  siteRefStatements,
} from "../../services/sites/redirect-destinations";
import { bulkReadStatements, bulkUpsertRedirects } from "../../services/sites/redirect-bulk";
import {
  createRedirect,
  deleteRedirect,
  orderValue,
  redirectByIdQuery,
  redirectBySourceQuery,
  redirectListPlan,
  redirectsHeld,
  sourceTaken,
  updateRedirect,
} from "../../services/sites/redirects";
import { SiteParams } from "../../api/sites";
import {
  BulkUpsertSiteRedirectsBody,
  BulkUpsertSiteRedirectsResult,
  CreateSiteRedirectBody,
  ListSiteRedirectsQuery,
  SiteRedirectParams,
  SiteRedirectSchema,
  UpdateSiteRedirectBody,
} from "../../api/site-redirects";
import { READ_STRUCTURE, WRITE_STRUCTURE } from "./load";

/** A site's redirects (official site-redirects): list, create, bulk upsert, update, delete. */
export const redirectRoutes = createRouter();

/** A site's redirects page on (order key, id); a cursor is bound to its list's filters. */
const REDIRECTS = declareList(
  (siteId: string, draft: boolean, orderBy: string, search: string) =>
    `redirects:${siteId}:${draft}:${orderBy}:${search}`,
  textPairKey,
);

const BASE = "/orgs/{organizationId}/sites/{siteId}/redirects";

redirectRoutes.openapi(
  createRoute({
    method: "get",
    path: BASE,
    tags: ["sites"],
    summary: "List a site's redirects, live or draft, searched by source",
    request: { params: SiteParams, query: ListSiteRedirectsQuery },
    responses: {
      200: jsonResponse(listOf(SiteRedirectSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { page, limit, search, draft, orderBy } = c.req.valid("query");
    const cursors = REDIRECTS.at(c, siteId, draft, orderBy, search ?? "");
    const after = await cursors.after(page);
    const reads = redirectListPlan(c.get("db"), siteId, { limit, after, draft, search, orderBy });
    const { site, results } = await resolveSite(c, organizationId, siteId, READ_STRUCTURE, {
      with: reads.statements,
    });
    const { rows, count } = reads.finish(results);
    const body = await cursors.page({
      rows,
      limit,
      count: count ?? redirectsHeld(site, draft),
      key: (r) => [orderValue(r, orderBy), r.id],
      present: presentSiteRedirect,
    });
    return c.json(body, 200);
  },
);

redirectRoutes.openapi(
  createRoute({
    method: "post",
    path: BASE,
    tags: ["sites"],
    summary: "Create a redirect from a source path of the site to a destination",
    description:
      "A source holds one live and one draft redirect (409 for a second of a kind); a site " +
      "holds at most 10,000 redirects. " +
      "Sections, site spaces and pages must be the site's; a `path` destination is stored as " +
      "the `site-page` it names.",
    request: { params: SiteParams, body: jsonBody(CreateSiteRedirectBody) },
    responses: {
      201: jsonResponse(SiteRedirectSchema, "The redirect was created"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const body = c.req.valid("json");
    const db = c.get("db");
    const { site, results } = await resolveSite(c, organizationId, siteId, WRITE_STRUCTURE, {
      with: {
        ...siteRefStatements(db, siteId),
        taken: redirectBySourceQuery(db, siteId, body.source, body.draft),
      },
    });
    if (results.taken[0]) throw sourceTaken();
    const [checked] = await checkDestinations(db, siteRefsFrom(results), [body.destination]);
    if (!checked!.ok) throw new UnknownReference(`destination.${checked!.field}`, checked!.rule);
    const row = await createRedirect(db, site, { ...body, destination: checked!.destination });
    c.header(
      "Location",
      urlsOf(c).api(`/orgs/${organizationId}/sites/${siteId}/redirects/${row.id}`),
    );
    return c.json(presentSiteRedirect(row), 201);
  },
);

redirectRoutes.openapi(
  createRoute({
    method: "put",
    path: BASE,
    tags: ["sites"],
    summary: "Create, update, delete or publish up to 500 redirects, with a result per item",
    request: { params: SiteParams, body: jsonBody(BulkUpsertSiteRedirectsBody) },
    responses: {
      200: jsonResponse(BulkUpsertSiteRedirectsResult, "One result per item, in order"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { redirects } = c.req.valid("json");
    const db = c.get("db");
    const sources = redirects.map((r) => r.source);
    const { site, results } = await resolveSite(c, organizationId, siteId, WRITE_STRUCTURE, {
      with: bulkReadStatements(db, siteId, sources),
    });
    return c.json({ results: await bulkUpsertRedirects(db, site, redirects, results) }, 200);
  },
);

redirectRoutes.openapi(
  createRoute({
    method: "patch",
    path: `${BASE}/{siteRedirectId}`,
    tags: ["sites"],
    summary: "Update a redirect: only the given fields change",
    request: { params: SiteRedirectParams, body: jsonBody(UpdateSiteRedirectBody) },
    responses: {
      200: jsonResponse(SiteRedirectSchema, "OK"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { organizationId, siteId, siteRedirectId } = c.req.valid("param");
    const patch = c.req.valid("json");
    const db = c.get("db");
    const { results } = await resolveSite(c, organizationId, siteId, WRITE_STRUCTURE, {
      with: {
        ...siteRefStatements(db, siteId),
        redirect: redirectByIdQuery(db, siteId, siteRedirectId),
      },
    });
    const row = results.redirect[0];
    if (!row) throw notFound("Site redirect");
    const { destination, ...rest } = patch;
    let checkedDestination = undefined;
    if (destination) {
      const [checked] = await checkDestinations(db, siteRefsFrom(results), [destination]);
      if (!checked!.ok) throw new UnknownReference(`destination.${checked!.field}`, checked!.rule);
      checkedDestination = checked!.destination;
    }
    const stored = await updateRedirect(db, row, {
      ...rest,
      ...(checkedDestination ? { destination: checkedDestination } : {}),
    });
    if (!stored) throw notFound("Site redirect");
    return c.json(presentSiteRedirect(stored), 200);
  },
);

redirectRoutes.openapi(
  createRoute({
    method: "delete",
    path: `${BASE}/{siteRedirectId}`,
    tags: ["sites"],
    summary: "Delete a redirect (204 also when it does not exist)",
    request: { params: SiteRedirectParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId, siteRedirectId } = c.req.valid("param");
    await resolveSite(c, organizationId, siteId, WRITE_STRUCTURE);
    await deleteRedirect(c.get("db"), siteId, siteRedirectId);
    return c.body(null, 204);
  },
);
