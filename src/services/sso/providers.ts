import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { organizations, samlProviders, teams } from "../../db/schema/index";
import type { SamlProviderRow, TeamRow } from "../../db/schema";
import { plan, runPlan, runStatements } from "../../db/plan";
import { newId } from "../../lib/ids";
import { nowIso, nowMs } from "../../lib/clock";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import type { MemberRole } from "../../lib/roles";
import { generateSpKeyPair } from "../../saml";
import { sealSpKey } from "./keys";

/** Most SAML providers one organization may have (keeps its list count a small read). */
export const MAX_PROVIDERS = 20;

/** A provider with its default team, as every presentation needs it. */
export interface ProviderWithTeam {
  provider: SamlProviderRow;
  team: TeamRow | null;
}

/**
 * The default team's columns under their own names: D1 batches return rows as objects, so two
 * joined columns both called `id` (or `created_at`) would collide.
 */
const teamColumns = {
  teamId: sql<string | null>`${teams.id}`.as("team_id"),
  teamOrg: sql<string | null>`${teams.organizationId}`.as("team_organization_id"),
  teamTitle: sql<string | null>`${teams.title}`.as("team_title"),
  teamTitleLower: sql<string | null>`${teams.titleLower}`.as("team_title_lower"),
  teamCreatedAt: sql<string | null>`${teams.createdAt}`.as("team_created_at"),
  teamMembers: sql<number | null>`${teams.membersCount}`.as("team_members_count"),
  teamSpaces: sql<number | null>`${teams.spacesCount}`.as("team_spaces_count"),
};

/** A row of `providersQuery` as a provider and its team. */
type JoinedRow = { provider: SamlProviderRow } & {
  [K in keyof typeof teamColumns]: (typeof teamColumns)[K]["_"]["type"];
};

/** Splits a joined row into the provider and its default team. */
function withTeam(row: JoinedRow): ProviderWithTeam {
  const team: TeamRow | null =
    row.teamId === null
      ? null
      : {
          id: row.teamId,
          organizationId: row.teamOrg ?? "",
          title: row.teamTitle ?? "",
          titleLower: row.teamTitleLower ?? "",
          createdAt: row.teamCreatedAt ?? "",
          membersCount: Number(row.teamMembers ?? 0),
          spacesCount: Number(row.teamSpaces ?? 0),
        };
  return { provider: row.provider, team };
}

/** The statement reading providers of an organization with their default team. */
function providersQuery(db: Database, organizationId: string) {
  return db
    .select({ provider: samlProviders, ...teamColumns })
    .from(samlProviders)
    .leftJoin(teams, eq(teams.id, samlProviders.defaultTeamId))
    .where(eq(samlProviders.organizationId, organizationId))
    .$dynamic();
}

/** Plan: one provider of an organization with its default team, or undefined. */
export function providerPlan(db: Database, organizationId: string, providerId: string) {
  const row = providersQuery(db, organizationId)
    .where(and(eq(samlProviders.organizationId, organizationId), eq(samlProviders.id, providerId)))
    .limit(1);
  return plan({ provider: row }, (r): ProviderWithTeam | undefined =>
    r.provider[0] ? withTeam(r.provider[0]) : undefined,
  );
}

/** Plan: a page of an organization's providers (oldest first) and their count. */
export function providerListPlan(
  db: Database,
  organizationId: string,
  limit: number,
  after?: CursorKey,
) {
  const where = and(
    eq(samlProviders.organizationId, organizationId),
    after ? keysetAfter([samlProviders.createdAt, samlProviders.id], after) : undefined,
  );
  return plan(
    {
      rows: providersQuery(db, organizationId)
        .where(where)
        .orderBy(asc(samlProviders.createdAt), asc(samlProviders.id))
        .limit(limit + 1),
      count: db
        .select({ n: count() })
        .from(samlProviders)
        .where(eq(samlProviders.organizationId, organizationId)),
    },
    (r) => ({ rows: r.rows.map(withTeam), count: r.count[0]?.n ?? 0 }),
  );
}

/** Plan: whether a team belongs to the organization (no id: true). */
export function teamInOrgPlan(db: Database, organizationId: string, teamId: string | undefined) {
  const id = teamId ?? "";
  return plan(
    {
      team: db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, id), eq(teams.organizationId, organizationId)))
        .limit(1),
    },
    (r) => teamId === undefined || r.team.length > 0,
  );
}

/** What a created provider is made of. */
export interface NewProvider {
  organizationId: string;
  label: string;
  entityID: string;
  certificate: string;
  ssoURL: string;
  defaultTeam?: string;
  defaultRole: MemberRole | null;
  allowIdPInitiated: boolean;
  reAddRemovedMembers: boolean;
}

/**
 * Creates a provider with its own SP signing key pair (private key sealed under `secret`) and
 * reads it back with its default team, in one batch. The route checked the cap beforehand.
 */
export async function createProvider(
  db: Database,
  secret: string,
  input: NewProvider,
): Promise<ProviderWithTeam> {
  const id = newId();
  const keys = await generateSpKeyPair(`Quire SAML SP ${id}`, new Date(nowMs()));
  const { provider } = await runStatements(db, {
    insert: db.insert(samlProviders).values({
      id,
      organizationId: input.organizationId,
      label: input.label,
      entityId: input.entityID,
      certificate: input.certificate,
      ssoUrl: input.ssoURL,
      defaultTeamId: input.defaultTeam ?? null,
      defaultRole: input.defaultRole,
      allowIdpInitiated: input.allowIdPInitiated,
      readdRemovedMembers: input.reAddRemovedMembers,
      spPrivateKey: await sealSpKey(secret, id, keys.privateKeyPkcs8Base64),
      spCertificate: keys.certificatePem,
      createdAt: nowIso(),
    }),
    provider: providerPlan(db, input.organizationId, id).statements.provider,
  });
  return withTeam(provider[0]!);
}

/** The changes of a provider update, in column names. */
export type ProviderChanges = Partial<
  Pick<
    SamlProviderRow,
    | "label"
    | "entityId"
    | "certificate"
    | "ssoUrl"
    | "defaultTeamId"
    | "defaultRole"
    | "allowIdpInitiated"
    | "readdRemovedMembers"
  >
>;

/** Updates a provider of the organization and reads it back; undefined when it is gone. */
export async function updateProvider(
  db: Database,
  organizationId: string,
  providerId: string,
  changes: ProviderChanges,
): Promise<ProviderWithTeam | undefined> {
  const read = providerPlan(db, organizationId, providerId);
  const target = and(
    eq(samlProviders.id, providerId),
    eq(samlProviders.organizationId, organizationId),
  );
  if (Object.keys(changes).length === 0)
    return read.finish(await runStatements(db, read.statements));
  const { provider } = await runStatements(db, {
    update: db.update(samlProviders).set(changes).where(target),
    provider: read.statements.provider,
  });
  return provider[0] ? withTeam(provider[0]) : undefined;
}

/** Deletes a provider of the organization with its pending requests and replay cache. */
export async function deleteProvider(
  db: Database,
  organizationId: string,
  providerId: string,
): Promise<void> {
  await db
    .delete(samlProviders)
    .where(and(eq(samlProviders.id, providerId), eq(samlProviders.organizationId, organizationId)));
}

/** Plan: the sign-in choices of an organization (id and label of each provider); null: no such organization. */
function loginInfosPlan(db: Database, organizationId: string) {
  return plan(
    {
      org: db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId)),
      logins: db
        .select({ id: samlProviders.id, label: samlProviders.label })
        .from(samlProviders)
        .where(eq(samlProviders.organizationId, organizationId))
        .orderBy(asc(samlProviders.createdAt), asc(samlProviders.id))
        .limit(MAX_PROVIDERS),
    },
    (r) => (r.org.length > 0 ? r.logins : null),
  );
}

/** The sign-in choices of an organization, in one round trip; null: no such organization. */
export function loginInfos(db: Database, organizationId: string) {
  return runPlan(db, loginInfosPlan(db, organizationId));
}
