import { createRoute } from "@hono/zod-openapi";
import { resolveOrgAdmin } from "../../auth/org-admin";
import { conflict, notFound } from "../../lib/errors";
import { pagedQuery } from "../../http/pagination";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { declareList, textPairKey } from "../../http/lists";
import { signingSecretOf } from "../../http/signing-secret";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { OrgParams } from "../../api/organizations";
import {
  CreateOidcProviderBody,
  OidcProviderParams,
  OidcProviderSchema,
  UpdateOidcProviderBody,
} from "../../api/oidc";
import { presentOidcProvider } from "../../presenters/oidc-provider";
import { checkIssuer } from "../../services/oidc/client";
import {
  createOidcProvider,
  deleteOidcProvider,
  MAX_OIDC_PROVIDERS,
  oidcProviderListPlan,
  oidcProviderPlan,
  updateOidcProvider,
} from "../../services/oidc/providers";

/** What the 403 of a member below admin names. */
const ACTION = "manage OIDC providers";

/** An organization's OIDC providers: list, create, read, update, delete (admins only). */
export const oidcProviderRoutes = createRouter();

/** An organization's OIDC providers page on (createdAt, id). */
const PROVIDERS = declareList((orgId: string) => `oidc:${orgId}`, textPairKey);

const PATH = "/orgs/{organizationId}/oidc-providers";
const ONE = `${PATH}/{oidcProviderId}`;

oidcProviderRoutes.openapi(
  createRoute({
    method: "get",
    path: PATH,
    tags: ["sso"],
    summary: "List an organization's OIDC providers (organization admins)",
    request: { params: OrgParams, query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(OidcProviderSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const cursors = PROVIDERS.at(c, organizationId);
    const after = await cursors.after(page);
    const list = oidcProviderListPlan(c.get("db"), organizationId, limit, after);
    const { results } = await resolveOrgAdmin(c, organizationId, "organization:read", ACTION, {
      with: list.statements,
    });
    const { rows, count } = list.finish(results);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.createdAt, r.id],
      present: (r) => presentOidcProvider(urls, r),
    });
    return c.json(body, 200);
  },
);

oidcProviderRoutes.openapi(
  createRoute({
    method: "post",
    path: PATH,
    tags: ["sso"],
    summary: "Add an OIDC provider to an organization (organization admins)",
    description:
      "The issuer's discovery document is fetched and checked first (400 naming `body.issuer`). " +
      "The client secret is stored sealed and never answered.",
    request: { params: OrgParams, body: jsonBody(CreateOidcProviderBody) },
    responses: {
      201: jsonResponse(OidcProviderSchema, "Created"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const body = c.req.valid("json");
    const db = c.get("db");
    const existing = oidcProviderListPlan(db, organizationId, 0);
    const { results } = await resolveOrgAdmin(c, organizationId, "organization:write", ACTION, {
      with: { count: existing.statements.count },
    });
    if ((results.count[0]?.n ?? 0) >= MAX_OIDC_PROVIDERS) {
      throw conflict(`An organization has at most ${MAX_OIDC_PROVIDERS} OIDC providers`);
    }
    await checkIssuer(c.env, body.issuer);
    const row = await createOidcProvider(db, signingSecretOf(c), {
      organizationId,
      title: body.title,
      issuer: body.issuer,
      clientId: body.clientId,
      clientSecret: body.clientSecret,
      defaultRole: body.defaultRole === undefined ? "read" : body.defaultRole,
    });
    const wire = presentOidcProvider(urlsOf(c), row);
    c.header("Location", wire.urls.location);
    return c.json(wire, 201);
  },
);

oidcProviderRoutes.openapi(
  createRoute({
    method: "get",
    path: ONE,
    tags: ["sso"],
    summary: "Get an OIDC provider (organization admins)",
    request: { params: OidcProviderParams },
    responses: { 200: jsonResponse(OidcProviderSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, oidcProviderId } = c.req.valid("param");
    const one = oidcProviderPlan(c.get("db"), organizationId, oidcProviderId);
    const { results } = await resolveOrgAdmin(c, organizationId, "organization:read", ACTION, {
      with: one.statements,
    });
    const row = one.finish(results);
    if (!row) throw notFound("OIDC provider");
    return c.json(presentOidcProvider(urlsOf(c), row), 200);
  },
);

oidcProviderRoutes.openapi(
  createRoute({
    method: "patch",
    path: ONE,
    tags: ["sso"],
    summary: "Update an OIDC provider (organization admins)",
    request: { params: OidcProviderParams, body: jsonBody(UpdateOidcProviderBody) },
    responses: { 200: jsonResponse(OidcProviderSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, oidcProviderId } = c.req.valid("param");
    const body = c.req.valid("json");
    const db = c.get("db");
    const one = oidcProviderPlan(db, organizationId, oidcProviderId);
    const { results } = await resolveOrgAdmin(c, organizationId, "organization:write", ACTION, {
      with: one.statements,
    });
    if (!one.finish(results)) throw notFound("OIDC provider");
    if (body.issuer !== undefined) await checkIssuer(c.env, body.issuer);
    const updated = await updateOidcProvider(
      db,
      signingSecretOf(c),
      organizationId,
      oidcProviderId,
      body,
    );
    if (!updated) throw notFound("OIDC provider");
    return c.json(presentOidcProvider(urlsOf(c), updated), 200);
  },
);

oidcProviderRoutes.openapi(
  createRoute({
    method: "delete",
    path: ONE,
    tags: ["sso"],
    summary: "Delete an OIDC provider (204 also when absent; organization admins)",
    request: { params: OidcProviderParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, oidcProviderId } = c.req.valid("param");
    await resolveOrgAdmin(c, organizationId, "organization:write", ACTION);
    await deleteOidcProvider(c.get("db"), organizationId, oidcProviderId);
    return c.body(null, 204);
  },
);
