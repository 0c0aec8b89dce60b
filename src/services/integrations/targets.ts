import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  contentGrants,
  integrationInstallationTargets,
  sites,
  spaces,
  type IntegrationInstallationRow,
  type IntegrationInstallationTargetRow,
  type IntegrationRow,
} from "../../db/schema/index";
import { plan } from "../../db/plan";
import { nowIso } from "../../lib/clock";
import { roleOfScopes } from "./scopes";
import { bumpCount, countKey } from "./counters";

/** A space or a site. */
export type TargetType = "space" | "site";

/** Where one target installation lives. */
interface TargetRef {
  installation: IntegrationInstallationRow;
  type: TargetType;
  targetId: string;
}

/** The target's installation row and whether the target exists (live) in the installation's org. */
export function targetPlan(db: Database, ref: TargetRef) {
  const org = ref.installation.organizationId;
  return plan(
    {
      targetRow: db
        .select()
        .from(integrationInstallationTargets)
        .where(
          and(
            eq(integrationInstallationTargets.installationId, ref.installation.id),
            eq(integrationInstallationTargets.targetType, ref.type),
            eq(integrationInstallationTargets.targetId, ref.targetId),
          ),
        )
        .limit(1),
      targetExists:
        ref.type === "space"
          ? db
              .select({ id: spaces.id })
              .from(spaces)
              .where(
                and(
                  eq(spaces.id, ref.targetId),
                  eq(spaces.organizationId, org),
                  isNull(spaces.deletedAt),
                ),
              )
              .limit(1)
          : db
              .select({ id: sites.id })
              .from(sites)
              .where(and(eq(sites.id, ref.targetId), eq(sites.organizationId, org)))
              .limit(1),
    },
    (r) => ({ row: r.targetRow[0] ?? null, exists: r.targetExists.length > 0 }),
  );
}

/**
 * Installs on a space or a site (nothing changes when already installed): the target row and,
 * for a space, the bot user's grant on it (the scopes' role, `read` at least), in one batch.
 */
export async function installOnTarget(
  db: Database,
  integration: IntegrationRow,
  ref: TargetRef,
): Promise<IntegrationInstallationTargetRow> {
  const now = nowIso();
  const where = and(
    eq(integrationInstallationTargets.installationId, ref.installation.id),
    eq(integrationInstallationTargets.targetType, ref.type),
    eq(integrationInstallationTargets.targetId, ref.targetId),
  );
  const insert = db
    .insert(integrationInstallationTargets)
    .values({
      installationId: ref.installation.id,
      targetType: ref.type,
      targetId: ref.targetId,
      configuration: {},
      externalIds: [],
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const read = db.select().from(integrationInstallationTargets).where(where).limit(1);
  // The list counters move before the insert, by one when the target row is new.
  const added = sql`(1 - EXISTS (SELECT 1 FROM ${integrationInstallationTargets} WHERE ${where}))`;
  const counters = targetCounters(db, ref, added);
  if (ref.type === "space") {
    const grant = db
      .insert(contentGrants)
      .values({
        resourceType: "space",
        resourceId: ref.targetId,
        principalType: "user",
        principalId: ref.installation.botUserId,
        role: roleOfScopes(integration.scopes) ?? "read",
        createdAt: now,
      })
      .onConflictDoNothing();
    const [, , , , rows] = await db.batch([...counters, insert, grant, read]);
    return rows[0]!;
  }
  const [, , , rows] = await db.batch([...counters, insert, read]);
  return rows[0]!;
}

/** Updates a target installation's configuration and external ids; undefined when absent. */
export async function updateTarget(
  db: Database,
  row: IntegrationInstallationTargetRow,
  patch: { configuration?: Record<string, unknown>; externalIds?: string[] },
) {
  const [updated] = await db
    .update(integrationInstallationTargets)
    .set({
      configuration: patch.configuration ?? row.configuration,
      externalIds: patch.externalIds ?? row.externalIds,
      updatedAt: nowIso(),
    })
    .where(
      and(
        eq(integrationInstallationTargets.installationId, row.installationId),
        eq(integrationInstallationTargets.targetType, row.targetType),
        eq(integrationInstallationTargets.targetId, row.targetId),
      ),
    )
    .returning();
  return updated;
}

/** The statements moving a target's list counters (its installation's and its integration's). */
function targetCounters(db: Database, ref: TargetRef, delta: SQL) {
  return [
    bumpCount(db, countKey.installationTargets(ref.type, ref.installation.id), delta),
    bumpCount(db, countKey.targets(ref.type, ref.installation.integrationId), delta),
  ] as const;
}

/**
 * Uninstalls from a space or a site: the target row, the bot's grant on the space and the list
 * counters, in one batch.
 */
export async function uninstallFromTarget(db: Database, ref: TargetRef): Promise<void> {
  const where = and(
    eq(integrationInstallationTargets.installationId, ref.installation.id),
    eq(integrationInstallationTargets.targetType, ref.type),
    eq(integrationInstallationTargets.targetId, ref.targetId),
  );
  const removed = sql`(-EXISTS (SELECT 1 FROM ${integrationInstallationTargets} WHERE ${where}))`;
  const counters = targetCounters(db, ref, removed);
  const target = db.delete(integrationInstallationTargets).where(where);
  if (ref.type === "site") {
    await db.batch([...counters, target]);
    return;
  }
  const grant = db
    .delete(contentGrants)
    .where(
      and(
        eq(contentGrants.resourceType, "space"),
        eq(contentGrants.resourceId, ref.targetId),
        eq(contentGrants.principalType, "user"),
        eq(contentGrants.principalId, ref.installation.botUserId),
      ),
    );
  await db.batch([...counters, target, grant]);
}
