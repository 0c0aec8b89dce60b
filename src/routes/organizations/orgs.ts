import { createRoute } from "@hono/zod-openapi";
import { authenticate, callerDigest, callerUserId, resolveCaller } from "../../auth/caller";
import {
  organizationPermissions,
  requireRole,
  requireScope,
  resolveOrg,
} from "../../auth/organization";
import { pagedQuery } from "../../http/pagination";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import { presentOrganization } from "../../presenters/organization";
import {
  createOrganization,
  organizationsPagePlan,
  updateOrganization,
} from "../../services/organizations/organizations";
import {
  CreateOrganizationBody,
  OrganizationSchema,
  OrgParams,
  UpdateOrganizationBody,
} from "../../api/organizations";
import { declareList, textPairKey } from "../../http/lists";

/** Organizations themselves: the caller's list, creation, reading and settings. */
export const organizationRoutes = createRouter();

/** The caller's organizations page on (joinedAt, id); cursors are bound to the token. */
const ORGS = declareList((tokenDigest: string) => `orgs:${tokenDigest}`, textPairKey);

organizationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs",
    tags: ["organizations"],
    summary: "List the organizations the caller is a member of",
    request: { query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(OrganizationSchema), "OK"),
      ...errorResponses(400, 403),
    },
  }),
  async (c) => {
    const { page, limit } = c.req.valid("query");
    // Cursors are bound to the token, so the page and its authentication are one round trip.
    const cursors = ORGS.at(c, callerDigest(c));
    const after = await cursors.after(page);
    const mine = organizationsPagePlan(c.get("db"), callerUserId(c), limit, after);
    const { caller, results } = await resolveCaller(c, { with: mine.statements });
    requireScope(caller, "organization:read");
    const { rows, count } = mine.finish(results);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.joinedAt, r.org.id],
      present: (r) => presentOrganization(urls, r.org, organizationPermissions(r.role ?? null)),
    });
    return c.json(body, 200);
  },
);

organizationRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs",
    tags: ["organizations"],
    summary: "Create an organization; the caller becomes its admin",
    request: { body: jsonBody(CreateOrganizationBody) },
    responses: {
      201: jsonResponse(OrganizationSchema, "Organization created"),
      ...errorResponses(400, 403),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const caller = await authenticate(c);
    requireScope(caller, "organization:write");
    const org = await createOrganization(c.get("db"), {
      title: input.title,
      ownerId: caller.user.id,
      emailDomains: input.emailDomains,
    });
    const body = presentOrganization(urlsOf(c), org, organizationPermissions("admin"));
    c.header("Location", body.urls.location);
    return c.json(body, 201);
  },
);

organizationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}",
    tags: ["organizations"],
    summary: "Get an organization (any member, guests included)",
    request: { params: OrgParams },
    responses: { 200: jsonResponse(OrganizationSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:read");
    const permissions = organizationPermissions(access.role);
    return c.json(presentOrganization(urlsOf(c), access.org, permissions), 200);
  },
);

organizationRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}",
    tags: ["organizations"],
    summary: "Update an organization's settings (admins)",
    request: { params: OrgParams, body: jsonBody(UpdateOrganizationBody) },
    responses: {
      200: jsonResponse(OrganizationSchema, "The organization has been updated"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const input = c.req.valid("json");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:write");
    requireRole(access.role, "admin", "update the organization");
    const org = await updateOrganization(c.get("db"), access.org, input);
    const permissions = organizationPermissions(access.role);
    return c.json(presentOrganization(urlsOf(c), org, permissions), 200);
  },
);
