import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { translations, type TranslationRow } from "../db/schema";
import type { NoStatements, Results, Statements } from "../db/plan";
import {
  orgAccessFrom,
  requireRole,
  requireScope,
  runAsMember,
  type OrgAccess,
} from "./organization";
import { atLeast, type MemberRole } from "../lib/roles";
import type { Scope } from "../lib/scopes";
import { forbidden, notFound } from "../lib/errors";

/** Lowest organization role that creates, changes, runs and deletes translations. */
const EDIT_ROLE: MemberRole = "create";

/**
 * The caller's access to an organization's translations: 404 unless an enabled member, 403 for
 * guests, for a role below `minimum` and for a token without `scope`.
 */
function translationsAccessFrom(access: OrgAccess, scope: Scope, minimum: MemberRole) {
  if (access.role == null)
    throw forbidden("Guests cannot access the translations of this organization");
  requireScope(access.caller, scope);
  requireRole(access.role, minimum);
  return access;
}

/**
 * Loads the caller's access to the organization's translations or glossary (see
 * `translationsAccessFrom`) with the statements of `with`, in one round trip.
 */
export async function resolveTranslations<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  need: { scope: Scope; minimum: MemberRole | "edit" },
  options: { with?: S } = {},
): Promise<OrgAccess & { results: Results<S> }> {
  const { own, extra } = await runAsMember(c, organizationId, {}, options.with);
  const minimum = need.minimum === "edit" ? EDIT_ROLE : need.minimum;
  const access = orgAccessFrom(c, own.caller, own.member);
  return { ...translationsAccessFrom(access, need.scope, minimum), results: extra };
}

/**
 * Loads one translation of the organization with the caller's access (the organization's
 * errors first), and the statements of `with`, in one round trip; 404 when it does not exist.
 */
export async function resolveTranslation<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  translationId: string,
  need: { scope: Scope; minimum: MemberRole | "edit" },
  options: { with?: S } = {},
): Promise<OrgAccess & { translation: TranslationRow; results: Results<S> }> {
  const row = c
    .get("db")
    .select()
    .from(translations)
    .where(and(eq(translations.id, translationId), eq(translations.organizationId, organizationId)))
    .limit(1);
  const { own, extra } = await runAsMember(c, organizationId, { translation: row }, options.with);
  const minimum = need.minimum === "edit" ? EDIT_ROLE : need.minimum;
  const access = translationsAccessFrom(
    orgAccessFrom(c, own.caller, own.member),
    need.scope,
    minimum,
  );
  const translation = own.translation[0];
  if (!translation) throw notFound("Translation");
  return { ...access, translation, results: extra };
}

/** The Translation `permissions`: members see translations; creators and admins edit them. */
export function translationPermissions(role: MemberRole | null) {
  return { view: true, edit: atLeast(role, EDIT_ROLE) };
}
