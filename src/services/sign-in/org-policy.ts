import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orgMembers, organizations, orgSignInSettings, samlProviders } from "../../db/schema/index";
import { runStatements } from "../../db/plan";
import { nowIso } from "../../lib/clock";

/** An organization of a person that restricts how its members sign in. */
export interface RestrictingOrg {
  id: string;
  title: string;
  /** `sso: true`: its members sign in through its single sign-on only. */
  sso: boolean;
  /** Its SAML provider to start from (the oldest), when it has one. */
  samlProviderId: string | null;
  passwordsAllowed: boolean;
}

/**
 * The organizations a person is an active member of that restrict sign-in (SSO enforced, or
 * passwords forbidden), as one statement to join a sign-in's round trip. `userId` may be a
 * subquery (the person behind an address).
 */
export function restrictingOrgsStatement(db: Database, userId: SQL | string) {
  const allowed = sql<boolean>`coalesce(${orgSignInSettings.passwordsAllowed}, 1)`.mapWith(
    (v: unknown) => v === 1 || v === true,
  );
  const firstSaml = sql<string | null>`(SELECT ${samlProviders.id} FROM ${samlProviders}
    WHERE ${samlProviders.organizationId} = ${organizations.id}
    ORDER BY ${samlProviders.createdAt}, ${samlProviders.id} LIMIT 1)`;
  return db
    .select({
      id: organizations.id,
      title: organizations.title,
      sso: organizations.sso,
      samlProviderId: firstSaml,
      passwordsAllowed: allowed,
    })
    .from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.organizationId))
    .leftJoin(orgSignInSettings, eq(orgSignInSettings.organizationId, organizations.id))
    .where(
      and(
        eq(orgMembers.userId, userId),
        eq(orgMembers.disabled, false),
        or(eq(organizations.sso, true), eq(orgSignInSettings.passwordsAllowed, false)),
      ),
    )
    .orderBy(asc(organizations.title), asc(organizations.id))
    .limit(20);
}

/**
 * An organization that enforces SSO as the way in to point at (its oldest SAML provider, if any):
 * for refusals that concern that organization itself (its invites, its invite links).
 */
export async function ssoWayInOf(db: Database, id: string, title: string): Promise<RestrictingOrg> {
  const [first] = await db
    .select({ id: samlProviders.id })
    .from(samlProviders)
    .where(eq(samlProviders.organizationId, id))
    .orderBy(asc(samlProviders.createdAt), asc(samlProviders.id))
    .limit(1);
  return { id, title, sso: true, samlProviderId: first?.id ?? null, passwordsAllowed: true };
}

/** The first organization enforcing SSO among a person's, if any. */
export function ssoOrgOf(orgs: readonly RestrictingOrg[]): RestrictingOrg | null {
  return orgs.find((o) => o.sso) ?? null;
}

/** The first organization forbidding passwords among a person's, if any. */
export function passwordForbiddingOrgOf(orgs: readonly RestrictingOrg[]): RestrictingOrg | null {
  return orgs.find((o) => !o.passwordsAllowed) ?? null;
}

/** A person's restricting organizations, read alone (setting a password, finishing a sign-in). */
export async function restrictingOrgsOf(
  db: Database,
  userId: SQL | string,
): Promise<RestrictingOrg[]> {
  const { orgs } = await runStatements(db, { orgs: restrictingOrgsStatement(db, userId) });
  return orgs;
}

/** An organization's sign-in settings (the defaults when it never set them). */
export async function signInSettingsOf(db: Database, organizationId: string) {
  const [row] = await db
    .select({ passwordsAllowed: orgSignInSettings.passwordsAllowed })
    .from(orgSignInSettings)
    .where(eq(orgSignInSettings.organizationId, organizationId));
  return { passwordsAllowed: row?.passwordsAllowed ?? true };
}

/** Sets an organization's sign-in settings (one upsert). */
export async function setSignInSettings(
  db: Database,
  organizationId: string,
  settings: { passwordsAllowed: boolean },
) {
  await db
    .insert(orgSignInSettings)
    .values({ organizationId, passwordsAllowed: settings.passwordsAllowed, updatedAt: nowIso() })
    .onConflictDoUpdate({
      target: orgSignInSettings.organizationId,
      set: { passwordsAllowed: settings.passwordsAllowed, updatedAt: nowIso() },
    });
  return signInSettingsOf(db, organizationId);
}
