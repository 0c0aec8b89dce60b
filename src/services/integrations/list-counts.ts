import { count, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  integrationBotUsers,
  integrationCounts,
  integrationInstallations,
  orgMembers,
} from "../../db/schema/index";
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

/** Who asks for an unfiltered list count. */
interface CountInput {
  integrationId: string;
  callerId: SQL;
  isOwnerAdmin: boolean;
}

/**
 * The statement of an unfiltered installation list's `count` (one row, `n`): the integration's
 * counter for its owner's admins, else the caller's readable installations.
 */
export function installationsCount(db: Database, input: CountInput) {
  if (input.isOwnerAdmin) return readCount(db, countKey.installations(input.integrationId));
  return db
    .select({ n: count() })
    .from(integrationInstallations)
    .where(
      sql`${integrationInstallations.id} IN ${readableInstallationIds(input.integrationId, input.callerId)} AND ${integrationInstallations.integrationId} = ${input.integrationId}`,
    );
}

/**
 * The statement of an unfiltered space or site installation list's `count` (one row, `n`): one
 * installation's counter, the integration's for its owner's admins, else the sum of the
 * counters of the caller's readable installations.
 */
export function targetsCount(
  db: Database,
  input: CountInput & { type: "space" | "site"; installationId?: string },
) {
  if (input.installationId) {
    return readCount(db, countKey.installationTargets(input.type, input.installationId));
  }
  if (input.isOwnerAdmin) return readCount(db, countKey.targets(input.type, input.integrationId));
  const prefix = countKey.installationTargets(input.type, "");
  const keys = db
    .select({ key: sql<string>`${prefix} || ${integrationInstallations.id}` })
    .from(integrationInstallations)
    .where(
      sql`${integrationInstallations.id} IN ${readableInstallationIds(input.integrationId, input.callerId)} AND ${integrationInstallations.integrationId} = ${input.integrationId}`,
    );
  return db
    .select({ n: sql<number>`coalesce(sum(${integrationCounts.n}), 0)` })
    .from(integrationCounts)
    .where(inArray(integrationCounts.key, keys));
}

/**
 * The statement of an unfiltered integration list's `count` (one row, `n`) from the counters:
 * public integrations plus the private and unlisted ones of the organization (its list) or of
 * the caller's organizations (`GET /integrations`). Null for the lists of a space or a site.
 */
export function integrationsCount(
  db: Database,
  list: { kind: "all"; callerId: SQL } | { kind: "org"; orgId: string },
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
