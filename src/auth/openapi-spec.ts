import { and, eq, inArray } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv, SiteGrant } from "../env";
import { resolveGrantedSite } from "./site-reader";
import {
  openapiSpecs,
  openapiSpecVersions,
  type OpenAPISpecRow,
  type OpenAPISpecVersionRow,
} from "../db/schema";
import type { NoStatements, Results, Statements } from "../db/plan";
import { orgAccessFrom, requireScope, runAsMember, type OrgAccess } from "./organization";
import { atLeast } from "../lib/roles";
import type { Scope } from "../lib/scopes";
import { forbidden, notFound } from "../lib/errors";

/** The org role that edits specs: the one the Organization's `createOpenAPISpec` names. */
const EDIT_ROLE = "create";

/**
 * The caller's access to an organization's specs: 404 unless an enabled member, 403 for guests
 * (they see the organization, not its specs) and for a token without `scope`.
 */
function specsAccessFrom(access: OrgAccess, scope: Scope): OrgAccess {
  if (access.role == null) {
    throw forbidden("Guests cannot access the API specifications of this organization");
  }
  requireScope(access.caller, scope);
  return access;
}

/** Loads the caller's access to an organization's specs and a plan's statements, one round trip. */
export async function resolveSpecs<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  scope: Scope,
  options: { with?: S } = {},
): Promise<OrgAccess & { canEdit: boolean; results: Results<S> }> {
  const { own, extra } = await runAsMember(c, organizationId, {}, options.with);
  const access = specsAccessFrom(orgAccessFrom(c, own.caller, own.member), scope);
  return { ...access, canEdit: atLeast(access.role, EDIT_ROLE), results: extra };
}

/** A spec with its live version (null before the first successful processing). */
export interface SpecAccess {
  spec: OpenAPISpecRow;
  version: OpenAPISpecVersionRow | null;
}

/**
 * Loads a spec by slug with its live version and the caller's access, and a plan's statements,
 * in one round trip: the organization's errors first, then the 404 of an unknown slug.
 */
export async function resolveSpec<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  slug: string,
  scope: Scope,
  options: { with?: S } = {},
): Promise<OrgAccess & SpecAccess & { canEdit: boolean; results: Results<S> }> {
  const found = await resolveSpecIfAny(c, organizationId, slug, scope, options);
  if (!found.spec) throw notFound("OpenAPI specification");
  return { ...found, spec: found.spec };
}

/**
 * A spec through a site API token's grant: the public specs of the site's organization (what
 * its published pages render), while the grant holds; anything else is the 404 of an unknown
 * slug. The statements of `with` run in the same round trip.
 */
export async function resolveGrantedSpec<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  grant: SiteGrant,
  organizationId: string,
  slug: string,
  options: { with?: S } = {},
): Promise<SpecAccess & { spec: OpenAPISpecRow; results: Results<S> }> {
  if (grant.organization !== organizationId) throw notFound("OpenAPI specification");
  const { spec, live } = specStatements(c, organizationId, slug);
  const { results } = await resolveGrantedSite(c, grant, organizationId, grant.site, {
    with: { ...options.with, spec, live },
  });
  const row = results.spec[0];
  if (!row || row.visibility !== "public") throw notFound("OpenAPI specification");
  return { spec: row, version: results.live[0] ?? null, results: results as Results<S> };
}

/** A spec by slug and its live version, as two statements (a join would clash on `id`). */
function specStatements(c: Context<AppEnv>, organizationId: string, slug: string) {
  const bySlug = and(eq(openapiSpecs.organizationId, organizationId), eq(openapiSpecs.slug, slug));
  const spec = c.get("db").select().from(openapiSpecs).where(bySlug).limit(1);
  const live = c
    .get("db")
    .select()
    .from(openapiSpecVersions)
    .where(
      inArray(
        openapiSpecVersions.id,
        c.get("db").select({ id: openapiSpecs.lastVersionId }).from(openapiSpecs).where(bySlug),
      ),
    )
    .limit(1);
  return { spec, live };
}

/**
 * Like `resolveSpec`, but an unknown slug is `spec: null` rather than a 404 (a PUT creates it).
 */
export async function resolveSpecIfAny<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  slug: string,
  scope: Scope,
  options: { with?: S } = {},
) {
  const { spec, live } = specStatements(c, organizationId, slug);
  const { own, extra } = await runAsMember(c, organizationId, { spec, live }, options.with);
  const access = specsAccessFrom(orgAccessFrom(c, own.caller, own.member), scope);
  const row = own.spec[0];
  return {
    ...access,
    spec: row ?? null,
    version: row ? (own.live[0] ?? null) : null,
    canEdit: atLeast(access.role, EDIT_ROLE),
    results: extra,
  };
}

/** 403 unless the caller may edit the organization's specs. */
export function requireSpecEditor(access: { canEdit: boolean }): void {
  if (!access.canEdit)
    throw forbidden(`The ${EDIT_ROLE} role is required to edit API specifications`);
}

/** The OpenAPISpec `permissions`: every member who sees specs views them; creators edit. */
export function specPermissions(canEdit: boolean) {
  return { view: true, edit: canEdit };
}
