import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import {
  integrationBotUsers,
  integrationCounts,
  integrationInstallations,
  integrationInstallationTargets,
  organizations,
  orgMembers,
} from "../../db/schema/index";
import { plan } from "../../db/plan";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import { countKey, readCount } from "./counters";

/**
 * The ids of an integration's installations a caller who is not one of its owner's admins may
 * read: those of the organizations they administer, and their own when they are a bot. Driven
 * by the caller's memberships, so it reads in proportion to them, not to the installations.
 */
function readableInstallationIds(integrationId: string, callerId: SQL) {
  return sql`(SELECT i.id FROM ${orgMembers} m JOIN ${integrationInstallations} i
    ON i.organization_id = m.organization_id AND i.integration_id = ${integrationId}
    WHERE m.user_id = ${callerId} AND m.role = 'admin' AND m.disabled = 0
    UNION SELECT b.installation_id FROM ${integrationBotUsers} b WHERE b.user_id = ${callerId})`;
}

/**
 * Installations the caller may read, as a condition on `integration_installations`: all for
 * the integration's owner's admins, else the readable ids above (the one form of the rule, for
 * the pages and their counts alike).
 */
function readableSql(integrationId: string, callerId: SQL, isOwnerAdmin: boolean): SQL | undefined {
  if (isOwnerAdmin) return undefined;
  return sql`${integrationInstallations.id} IN ${readableInstallationIds(integrationId, callerId)}`;
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

/** Who lists space or site installations, and which (all readable installations', or one's). */
type TargetListInput = InstallationListInput & {
  type: "space" | "site";
  installationId?: string;
};

/**
 * The statement of an unfiltered space or site installation list's `count` (one row, `n`): one
 * installation's counter, the integration's for its owner's admins, else the sum of the
 * counters of the caller's readable installations.
 */
function targetsCount(db: Database, input: TargetListInput) {
  if (input.installationId) {
    return readCount(db, countKey.installationTargets(input.type, input.installationId));
  }
  if (input.isOwnerAdmin) return readCount(db, countKey.targets(input.type, input.integrationId));
  const prefix = countKey.installationTargets(input.type, "");
  const keys = db
    .select({ key: sql<string>`${prefix} || ${integrationInstallations.id}` })
    .from(integrationInstallations)
    .where(
      and(
        eq(integrationInstallations.integrationId, input.integrationId),
        readableSql(input.integrationId, input.callerId, false),
      ),
    );
  return db
    .select({ n: sql<number>`coalesce(sum(${integrationCounts.n}), 0)` })
    .from(integrationCounts)
    .where(inArray(integrationCounts.key, keys));
}

/**
 * A page of an integration's installations the caller may read (by creation, then id), with
 * each one's managed space count and the exact total (counters unless filtered), as a plan for
 * the access batch.
 */
export function installationsPagePlan(db: Database, input: InstallationListInput) {
  const where = and(
    eq(integrationInstallations.integrationId, input.integrationId),
    readableSql(input.integrationId, input.callerId, input.isOwnerAdmin),
    input.externalId
      ? hasExternalId(integrationInstallations.externalIds, input.externalId)
      : undefined,
  );
  const keys = [integrationInstallations.createdAt, integrationInstallations.id];
  const spaces = sql<number>`CASE WHEN ${integrationInstallations.spaceSelection} = 'all' THEN ${organizations.spacesCount} ELSE (SELECT count(*) FROM ${integrationInstallationTargets} WHERE ${integrationInstallationTargets.installationId} = ${integrationInstallations.id} AND ${integrationInstallationTargets.targetType} = 'space') END`;
  return plan(
    {
      rows: db
        .select({ installation: integrationInstallations, spacesCount: spaces.as("spaces_count") })
        .from(integrationInstallations)
        .innerJoin(organizations, eq(organizations.id, integrationInstallations.organizationId))
        .where(input.after ? and(where, keysetAfter(keys, input.after)) : where)
        .orderBy(asc(integrationInstallations.createdAt), asc(integrationInstallations.id))
        .limit(input.limit + 1),
      // The owner's admins read the counter unless they filter; anyone else counts their
      // readable installations (in proportion to their memberships).
      total:
        input.externalId || !input.isOwnerAdmin
          ? db.select({ n: count() }).from(integrationInstallations).where(where)
          : readCount(db, countKey.installations(input.integrationId)),
    },
    (r) => ({ rows: r.rows, count: r.total[0]?.n ?? 0 }),
  );
}

/**
 * A page of the space or site installations of an integration (all readable installations, or
 * one), by installation then target id, with the exact total (counters unless filtered), as a
 * plan for the access batch.
 */
export function targetsPagePlan(db: Database, input: TargetListInput) {
  const t = integrationInstallationTargets;
  const where = and(
    eq(t.targetType, input.type),
    input.installationId
      ? eq(t.installationId, input.installationId)
      : eq(integrationInstallations.integrationId, input.integrationId),
    input.installationId
      ? undefined
      : readableSql(input.integrationId, input.callerId, input.isOwnerAdmin),
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
