import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { resolveOrgAdmin } from "../../auth/org-admin";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { nowMs } from "../../lib/clock";
import { pagedQuery } from "../../http/pagination";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentSamlProvider } from "../../presenters/saml-provider";
import { checkCertificate } from "../../saml";
import {
  createProvider,
  deleteProvider,
  MAX_PROVIDERS,
  providerListPlan,
  providerPlan,
  teamInOrgPlan,
  updateProvider,
  type ProviderChanges,
  type ProviderWithTeam,
} from "../../services/sso/providers";
import {
  CreateSamlProviderBody,
  OrgSamlParams,
  SamlProviderParams,
  SamlProviderSchema,
  UpdateSamlProviderBody,
  type UpdateSamlProviderInput,
} from "../../api/sso";
import { declareList, textPairKey } from "../../http/lists";
import { signingSecretOf } from "../../http/signing-secret";

/** What the 403 of a member below admin names. */
const ACTION = "manage SAML providers";

/** The SAML providers of an organization: list, create, read, update, delete (admins only). */
export const samlProviderRoutes = createRouter();

/** An organization's SAML providers page on (createdAt, id). */
const PROVIDERS = declareList((orgId: string) => `saml:${orgId}`, textPairKey);

/** 400 naming `body.certificate` unless it is a valid, current X.509 certificate. */
function requireCertificate(pem: string | undefined): void {
  if (pem === undefined) return;
  const checked = checkCertificate(pem, new Date(nowMs()));
  if (!checked.ok) throw badRequest(`body.certificate: ${checked.reason}`);
}

/** The wire provider, with the request's URL builders and origin. */
function present(c: Context<AppEnv>, found: ProviderWithTeam) {
  return presentSamlProvider(urlsOf(c), new URL(c.req.url).origin, found.provider, found.team);
}

/** The column changes of an update body. */
function changesOf(body: UpdateSamlProviderInput): ProviderChanges {
  const changes: ProviderChanges = {};
  if (body.label !== undefined) changes.label = body.label;
  if (body.entityID !== undefined) changes.entityId = body.entityID;
  if (body.certificate !== undefined) changes.certificate = body.certificate;
  if (body.ssoURL !== undefined) changes.ssoUrl = body.ssoURL;
  if (body.defaultTeam !== undefined) changes.defaultTeamId = body.defaultTeam;
  if (body.defaultRole !== undefined) changes.defaultRole = body.defaultRole;
  if (body.allowIdPInitiated !== undefined) changes.allowIdpInitiated = body.allowIdPInitiated;
  if (body.reAddRemovedMembers !== undefined) {
    changes.readdRemovedMembers = body.reAddRemovedMembers;
  }
  return changes;
}

samlProviderRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/saml",
    tags: ["sso"],
    summary: "List all SAML providers (organization admins)",
    request: { params: OrgSamlParams, query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(SamlProviderSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const cursors = PROVIDERS.at(c, organizationId);
    const after = await cursors.after(page);
    const list = providerListPlan(c.get("db"), organizationId, limit, after);
    const { results } = await resolveOrgAdmin(c, organizationId, "organization:read", ACTION, {
      with: list.statements,
    });
    const { rows, count } = list.finish(results);
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.provider.createdAt, r.provider.id],
      present: (r) => present(c, r),
    });
    return c.json(body, 200);
  },
);

samlProviderRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/saml",
    tags: ["sso"],
    summary: "Create a SAML provider (organization admins)",
    request: { params: OrgSamlParams, body: jsonBody(CreateSamlProviderBody) },
    responses: {
      201: jsonResponse(SamlProviderSchema, "Created"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const body = c.req.valid("json");
    requireCertificate(body.certificate);
    const db = c.get("db");
    const team = teamInOrgPlan(db, organizationId, body.defaultTeam);
    const existing = providerListPlan(db, organizationId, 0);
    const { results } = await resolveOrgAdmin(c, organizationId, "organization:write", ACTION, {
      with: { team: team.statements.team, count: existing.statements.count },
    });
    if (!team.finish(results))
      throw badRequest("body.defaultTeam: not a team of this organization");
    if ((results.count[0]?.n ?? 0) >= MAX_PROVIDERS) {
      throw conflict(`An organization has at most ${MAX_PROVIDERS} SAML providers`);
    }
    const created = await createProvider(db, signingSecretOf(c), {
      organizationId,
      label: body.label,
      entityID: body.entityID,
      certificate: body.certificate,
      ssoURL: body.ssoURL,
      defaultTeam: body.defaultTeam,
      defaultRole: body.defaultRole === undefined ? "read" : body.defaultRole,
      allowIdPInitiated: body.allowIdPInitiated ?? false,
      reAddRemovedMembers: body.reAddRemovedMembers ?? false,
    });
    const wire = present(c, created);
    c.header("Location", wire.urls.location);
    return c.json(wire, 201);
  },
);

samlProviderRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/saml/{samlProviderId}",
    tags: ["sso"],
    summary: "Get a SAML provider (organization admins)",
    request: { params: SamlProviderParams },
    responses: { 200: jsonResponse(SamlProviderSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, samlProviderId } = c.req.valid("param");
    const one = providerPlan(c.get("db"), organizationId, samlProviderId);
    const { results } = await resolveOrgAdmin(c, organizationId, "organization:read", ACTION, {
      with: one.statements,
    });
    const found = one.finish(results);
    if (!found) throw notFound("SAML provider");
    return c.json(present(c, found), 200);
  },
);

samlProviderRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/saml/{samlProviderId}",
    tags: ["sso"],
    summary: "Update a SAML provider (organization admins)",
    request: { params: SamlProviderParams, body: jsonBody(UpdateSamlProviderBody) },
    responses: { 200: jsonResponse(SamlProviderSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, samlProviderId } = c.req.valid("param");
    const body = c.req.valid("json");
    requireCertificate(body.certificate);
    const db = c.get("db");
    const team = teamInOrgPlan(db, organizationId, body.defaultTeam ?? undefined);
    const one = providerPlan(db, organizationId, samlProviderId);
    const { results } = await resolveOrgAdmin(c, organizationId, "organization:write", ACTION, {
      with: { ...one.statements, ...team.statements },
    });
    if (!one.finish(results)) throw notFound("SAML provider");
    if (!team.finish(results))
      throw badRequest("body.defaultTeam: not a team of this organization");
    const updated = await updateProvider(db, organizationId, samlProviderId, changesOf(body));
    if (!updated) throw notFound("SAML provider");
    return c.json(present(c, updated), 200);
  },
);

samlProviderRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/saml/{samlProviderId}",
    tags: ["sso"],
    summary: "Delete a SAML provider (204 also when absent; organization admins)",
    request: { params: SamlProviderParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, samlProviderId } = c.req.valid("param");
    await resolveOrgAdmin(c, organizationId, "organization:write", ACTION);
    await deleteProvider(c.get("db"), organizationId, samlProviderId);
    return c.body(null, 204);
  },
);
