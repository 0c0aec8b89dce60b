import { and, asc, count, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  integrationInstallations,
  integrationInstallationTargets,
  integrationCounts,
  integrations,
  organizations,
  orgMembers,
  spaces,
} from "../../db/schema/index";
import { plan } from "../../db/plan";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import { countKey } from "./counters";
import type { MemberRole } from "../../lib/roles";

/** The official integration list filters. */
export interface IntegrationFilters {
  search?: string;
  category?: string;
  blockDomain?: string;
  blocks?: boolean;
  contentSources?: boolean;
  owner?: string;
  scope?: string;
  target?: string;
}

/** Which integrations a list is about. */
export type IntegrationListKind =
  | { kind: "all"; callerId: SQL }
  | { kind: "org"; orgId: string }
  | { kind: "space"; spaceId: string }
  | { kind: "site"; orgId: string; siteId: string };

/** Escapes LIKE wildcards in user text. */
function likeText(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** SQL of the official filters. */
function filterSql(f: IntegrationFilters): SQL[] {
  const out: SQL[] = [];
  if (f.search) {
    const like = likeText(f.search);
    out.push(
      sql`(lower(${integrations.name}) LIKE ${like} ESCAPE '\\' OR lower(${integrations.title}) LIKE ${like} ESCAPE '\\')`,
    );
  }
  if (f.category) {
    out.push(
      sql`EXISTS (SELECT 1 FROM json_each(${integrations.categories}) WHERE value = ${f.category})`,
    );
  }
  if (f.scope) {
    out.push(
      sql`EXISTS (SELECT 1 FROM json_each(${integrations.scopes}) WHERE value = ${f.scope})`,
    );
  }
  if (f.blockDomain) {
    out.push(
      sql`EXISTS (SELECT 1 FROM json_each(${integrations.blocks}) b, json_each(b.value, '$.urlUnfurl') u WHERE lower(u.value) LIKE ${likeText(f.blockDomain)} ESCAPE '\\')`,
    );
  }
  if (f.blocks !== undefined) {
    out.push(
      f.blocks
        ? sql`json_array_length(${integrations.blocks}) > 0`
        : sql`json_array_length(${integrations.blocks}) = 0`,
    );
  }
  if (f.contentSources !== undefined) {
    out.push(
      f.contentSources
        ? sql`json_array_length(${integrations.contentSources}) > 0`
        : sql`json_array_length(${integrations.contentSources}) = 0`,
    );
  }
  if (f.owner) out.push(eq(integrations.organizationId, f.owner));
  if (f.target) out.push(eq(integrations.target, f.target));
  return out;
}

/** Integrations installed in `orgId` on every target of a kind, or on this one. */
function installedOn(orgId: string | SQL, type: "space" | "site", targetId: string): SQL {
  const selection =
    type === "space"
      ? integrationInstallations.spaceSelection
      : integrationInstallations.siteSelection;
  return sql`${integrations.id} IN (SELECT ${integrationInstallations.integrationId} FROM ${integrationInstallations} WHERE ${integrationInstallations.organizationId} = ${orgId} AND (${selection} = 'all' OR EXISTS (SELECT 1 FROM ${integrationInstallationTargets} WHERE ${integrationInstallationTargets.installationId} = ${integrationInstallations.id} AND ${integrationInstallationTargets.targetType} = ${type} AND ${integrationInstallationTargets.targetId} = ${targetId})))`;
}

/** What a list may show: public ones, plus those of the organizations concerned. */
function scopeSql(list: IntegrationListKind): SQL {
  switch (list.kind) {
    case "all":
      return or(
        eq(integrations.visibility, "public"),
        inArray(
          integrations.organizationId,
          sql`(SELECT ${orgMembers.organizationId} FROM ${orgMembers} WHERE ${orgMembers.userId} = ${list.callerId} AND ${orgMembers.disabled} = 0)`,
        ),
      )!;
    case "org":
      return or(
        eq(integrations.visibility, "public"),
        eq(integrations.organizationId, list.orgId),
      )!;
    case "space":
      return installedOn(
        sql`(SELECT ${spaces.organizationId} FROM ${spaces} WHERE ${spaces.id} = ${list.spaceId})`,
        "space",
        list.spaceId,
      );
    case "site":
      return installedOn(list.orgId, "site", list.siteId);
  }
}

/**
 * The statement of an unfiltered integration list's `count` (one row, `n`) from the counters:
 * public integrations plus the private and unlisted ones of the organization (its list) or of
 * the caller's organizations (`GET /integrations`). The lists of a space or a site count rows.
 */
function integrationsCount(
  db: Database,
  list: Extract<IntegrationListKind, { kind: "all" | "org" }>,
) {
  const own =
    list.kind === "org"
      ? sql`(SELECT ${countKey.org(list.orgId)})`
      : sql`(SELECT ${countKey.org("")} || ${orgMembers.organizationId} FROM ${orgMembers} WHERE ${orgMembers.userId} = ${list.callerId} AND ${orgMembers.disabled} = 0)`;
  return db
    .select({ n: sql<number>`coalesce(sum(${integrationCounts.n}), 0)` })
    .from(integrationCounts)
    .where(
      sql`${integrationCounts.key} = ${countKey.public()} OR ${integrationCounts.key} IN ${own}`,
    );
}

/**
 * A page of integrations (by name) with the exact count and their owners, as a plan for the
 * access batch. Unlisted and private integrations appear only to their own organization.
 */
export function integrationsPagePlan(
  db: Database,
  input: {
    list: IntegrationListKind;
    callerId: SQL;
    filters: IntegrationFilters;
    limit: number;
    after?: CursorKey;
  },
) {
  const mine = sql`${orgMembers.organizationId} = ${integrations.organizationId} AND ${orgMembers.userId} = ${input.callerId} AND ${orgMembers.disabled} = 0`;
  const member = sql<number>`EXISTS (SELECT 1 FROM ${orgMembers} WHERE ${mine})`;
  const role = sql<MemberRole | null>`(SELECT ${orgMembers.role} FROM ${orgMembers} WHERE ${mine})`;
  const filters = filterSql(input.filters);
  const where = and(scopeSql(input.list), ...filters);
  const page = input.after ? and(where, keysetAfter([integrations.name], input.after)) : where;
  const pageQuery = db
    .select({ integration: integrations, member: member.as("member"), role: role.as("role") })
    .from(integrations)
    .where(page)
    .orderBy(asc(integrations.name))
    .limit(input.limit + 1);
  return plan(
    {
      rows: pageQuery,
      // The owners apart: rows of two tables sharing column names are never joined (D1 keys
      // result rows by column name).
      owners: db
        .select()
        .from(organizations)
        .where(
          inArray(
            organizations.id,
            db
              .select({ id: integrations.organizationId })
              .from(integrations)
              .where(page)
              .orderBy(asc(integrations.name))
              .limit(input.limit + 1),
          ),
        ),
      // A filtered list (or a space's, a site's) counts its rows; the others read counters.
      total:
        filters.length > 0 || input.list.kind === "space" || input.list.kind === "site"
          ? db.select({ n: count() }).from(integrations).where(where)
          : integrationsCount(db, input.list),
    },
    (r) => {
      const owners = new Map(r.owners.map((o) => [o.id, o]));
      return {
        rows: r.rows.map((row) => ({
          integration: row.integration,
          owner: owners.get(row.integration.organizationId)!,
          ownerRole: row.member ? (row.role ?? null) : undefined,
        })),
        count: r.total[0]?.n ?? 0,
      };
    },
  );
}
