import { createRoute } from "@hono/zod-openapi";
import { resolveOrgAdmin } from "../../auth/org-admin";
import { notFound } from "../../lib/errors";
import { nowIso } from "../../lib/clock";
import { pagedQuery } from "../../http/pagination";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { declareList, textKey } from "../../http/lists";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { OrgParams } from "../../api/organizations";
import { AddDomainBody, DomainParams, DomainSchema } from "../../api/domains";
import { presentDomain } from "../../presenters/domain";
import {
  addDomain,
  domainListPlan,
  domainPlan,
  removeDomain,
} from "../../services/organizations/domains/domains";
import { checkDomain } from "../../services/organizations/domains/checks";

/** What the 403 of a member below admin names. */
const ACTION = "manage the organization's domains";

/**
 * An organization's e-mail domains and their DNS verification (a Quire extension, issue 35):
 * list, add, check now, remove; organization admins only (members 403, outsiders 404).
 */
export const domainRoutes = createRouter();

/** An organization's domains page on the domain name. */
const DOMAINS = declareList((orgId: string) => `domains:${orgId}`, textKey);

const PATH = "/orgs/{organizationId}/domains";
const ONE = `${PATH}/{domain}`;

const VERIFY =
  "Publish the answer's `record` (a TXT record `_quire.<domain>` holding " +
  "`quire-verification=<token>`), then check it (`POST …/domains/{domain}/check`). Only a " +
  "verified domain lets new people in: new accounts from the organization's own SAML or OIDC " +
  "provider, joining by domain (`POST /v1/orgs/{organizationId}/join`), sign-up by domain, and " +
  "the SSO offered for an address on the sign-in screen.";

domainRoutes.openapi(
  createRoute({
    method: "get",
    path: PATH,
    tags: ["organizations"],
    summary: "List an organization's e-mail domains and their verification (organization admins)",
    description: `The same domains as the organization's \`emailDomains\`. ${VERIFY}`,
    request: { params: OrgParams, query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(DomainSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const cursors = DOMAINS.at(c, organizationId);
    const after = await cursors.after(page);
    const list = domainListPlan(c.get("db"), organizationId, limit, after);
    const { results } = await resolveOrgAdmin(c, organizationId, "organization:read", ACTION, {
      with: list.statements,
    });
    const { rows, count } = list.finish(results);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.domain],
      present: (r) => presentDomain(urls, r),
    });
    return c.json(body, 200);
  },
);

domainRoutes.openapi(
  createRoute({
    method: "post",
    path: PATH,
    tags: ["organizations"],
    summary: "Add an e-mail domain to verify (organization admins)",
    description:
      "The domain joins the organization's `emailDomains` (201), or is listed there already " +
      `(200, the domain as it stands; its token is kept). 409 past 50 domains. ${VERIFY}`,
    request: { params: OrgParams, body: jsonBody(AddDomainBody) },
    responses: {
      200: jsonResponse(DomainSchema, "Listed already"),
      201: jsonResponse(DomainSchema, "Added"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { domain } = c.req.valid("json");
    await resolveOrgAdmin(c, organizationId, "organization:write", ACTION);
    const { row, created } = await addDomain(c.get("db"), organizationId, domain);
    const wire = presentDomain(urlsOf(c), row);
    if (!created) return c.json(wire, 200);
    c.header("Location", wire.urls.location);
    return c.json(wire, 201);
  },
);

domainRoutes.openapi(
  createRoute({
    method: "post",
    path: `${ONE}/check`,
    tags: ["organizations"],
    summary: "Check a domain's TXT record now (organization admins)",
    description:
      "Looks `_quire.<domain>` up over DNS-over-HTTPS and answers the domain as it now stands, " +
      "with what the check saw in `lastCheck` (`found`, `absent`, `mismatch`: another token; " +
      "`unreachable`: the resolver did not answer, and nothing changed). A verified domain whose " +
      "record is missing for 3 checks in a row (these or the daily re-check) is `failed`.",
    request: { params: DomainParams },
    responses: { 200: jsonResponse(DomainSchema, "Checked"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const domain = c.req.valid("param").domain.trim().toLowerCase();
    const db = c.get("db");
    const one = domainPlan(db, organizationId, domain);
    const { results } = await resolveOrgAdmin(c, organizationId, "organization:write", ACTION, {
      with: one.statements,
    });
    const row = one.finish(results);
    if (!row) throw notFound("Domain");
    const { row: checked } = await checkDomain(c.env, db, row, nowIso());
    return c.json(presentDomain(urlsOf(c), checked), 200);
  },
);

domainRoutes.openapi(
  createRoute({
    method: "delete",
    path: ONE,
    tags: ["organizations"],
    summary: "Remove an e-mail domain (organization admins)",
    description:
      "The domain leaves `emailDomains` and its verification is forgotten (adding it again " +
      "gives a new token). Members who joined by it stay members.",
    request: { params: DomainParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const domain = c.req.valid("param").domain.trim().toLowerCase();
    await resolveOrgAdmin(c, organizationId, "organization:write", ACTION);
    if (!(await removeDomain(c.get("db"), organizationId, domain))) throw notFound("Domain");
    return c.body(null, 204);
  },
);
