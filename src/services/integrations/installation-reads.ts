import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import {
  integrationInstallations,
  integrationInstallationTargets,
  organizations,
  orgMembers,
} from "../../db/schema/index";
import { plan } from "../../db/plan";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import { installationsCount, targetsCount } from "./list-counts";

/** Installations the caller may read: all for the integration's admins, else their orgs' own. */
function readableSql(callerId: SQL, isOwnerAdmin: boolean): SQL | undefined {
  if (isOwnerAdmin) return undefined;
  return sql`(${integrationInstallations.botUserId} = ${callerId} OR ${integrationInstallations.organizationId} IN (SELECT ${orgMembers.organizationId} FROM ${orgMembers} WHERE ${orgMembers.userId} = ${callerId} AND ${orgMembers.role} = 'admin' AND ${orgMembers.disabled} = 0))`;
}

/** An `external_ids` JSON array containing `externalId`. */
function hasExternalId(column: SQLiteColumn, id: string) {
  return sql`EXISTS (SELECT 1 FROM json_each(${column}) WHERE value = ${id})`;
}

/** Who lists installations, and which. */
interface InstallationListInput {
  integrationId: string;
  callerId: SQL;
  isOwnerAdmin: boolean;
  externalId?: string;
  limit: number;
  after?: CursorKey;
}

/**
 * A page of an integration's installations the caller may read (by creation, then id), with
 * each one's managed space count and the exact total (counters unless filtered), as a plan for
 * the access batch.
 */
export function installationsPagePlan(db: Database, input: InstallationListInput) {
  const where = and(
    eq(integrationInstallations.integrationId, input.integrationId),
    readableSql(input.callerId, input.isOwnerAdmin),
    input.externalId
      ? hasExternalId(integrationInstallations.externalIds, input.externalId)
      : undefined,
  );
  const keys = [integrationInstallations.createdAt, integrationInstallations.id];
  const spaces = sql<number>`CASE WHEN ${integrationInstallations.spaceSelection} = 'all' THEN ${organizations.spacesCount} ELSE (SELECT count(*) FROM ${integrationInstallationTargets} WHERE ${integrationInstallationTargets.installationId} = ${integrationInstallations.id} AND ${integrationInstallationTargets.targetType} = 'space') END`;
  return plan(
    {
      rows: db
        .select({ installation: integrationInstallations, spacesCount: spaces })
        .from(integrationInstallations)
        .innerJoin(organizations, eq(organizations.id, integrationInstallations.organizationId))
        .where(input.after ? and(where, keysetAfter(keys, input.after)) : where)
        .orderBy(asc(integrationInstallations.createdAt), asc(integrationInstallations.id))
        .limit(input.limit + 1),
      // A filtered list counts its filter; an unfiltered one reads counters.
      total: input.externalId
        ? db.select({ n: count() }).from(integrationInstallations).where(where)
        : installationsCount(db, input),
    },
    (r) => ({ rows: r.rows, count: r.total[0]?.n ?? 0 }),
  );
}

/**
 * A page of the space or site installations of an integration (all readable installations, or
 * one), by installation then target id, with the exact total (counters unless filtered), as a
 * plan for the access batch.
 */
export function targetsPagePlan(
  db: Database,
  input: Omit<InstallationListInput, "integrationId"> & {
    integrationId: string;
    type: "space" | "site";
    installationId?: string;
  },
) {
  const t = integrationInstallationTargets;
  const where = and(
    eq(t.targetType, input.type),
    input.installationId
      ? eq(t.installationId, input.installationId)
      : eq(integrationInstallations.integrationId, input.integrationId),
    input.installationId ? undefined : readableSql(input.callerId, input.isOwnerAdmin),
    input.externalId ? hasExternalId(t.externalIds, input.externalId) : undefined,
  );
  const keys = [t.installationId, t.targetId];
  const from = () =>
    db
      .select({ target: t })
      .from(t)
      .innerJoin(integrationInstallations, eq(integrationInstallations.id, t.installationId));
  return plan(
    {
      rows: from()
        .where(input.after ? and(where, keysetAfter(keys, input.after)) : where)
        .orderBy(asc(t.installationId), asc(t.targetId))
        .limit(input.limit + 1),
      total: input.externalId
        ? db
            .select({ n: count() })
            .from(t)
            .innerJoin(integrationInstallations, eq(integrationInstallations.id, t.installationId))
            .where(where)
        : targetsCount(db, input),
    },
    (r) => ({ rows: r.rows.map((row) => row.target), count: r.total[0]?.n ?? 0 }),
  );
}
