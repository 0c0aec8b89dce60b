import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  contentGrants,
  integrationBotUsers,
  integrationInstallations,
  integrationInstallationTargets,
  orgMembers,
  users,
  type IntegrationInstallationRow,
  type IntegrationRow,
  type IntegrationSelection,
} from "../../db/schema/index";
import { conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { roleOfScopes } from "./scopes";
import { bumpCount, countKey } from "./counters";

/** The bot user's organization role: the scopes' role with all spaces, a guest otherwise. */
function botRole(integration: IntegrationRow, spaceSelection: IntegrationSelection) {
  return spaceSelection === "all" ? roleOfScopes(integration.scopes) : null;
}

/**
 * Installs an integration in an organization, in one batch: the installation's bot user (its
 * token principal: display name the integration's title, an `.invalid` e-mail, no way to sign
 * in, marked a bot so lists of people leave it out), its membership (a guest while spaces are
 * selected one by one; not counted as a member), the installation row and the integration's
 * installation counter. 409 when the integration is already installed there.
 */
export async function createInstallation(
  db: Database,
  integration: IntegrationRow,
  organizationId: string,
): Promise<IntegrationInstallationRow> {
  const id = newId();
  const botUserId = newId();
  const now = nowIso();
  const row = {
    id,
    integrationId: integration.id,
    organizationId,
    status: "active" as const,
    spaceSelection: "selected" as const,
    siteSelection: "selected" as const,
    configuration: {},
    externalIds: [],
    botUserId,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await db.batch([
      db.insert(users).values({
        id: botUserId,
        displayName: integration.title,
        email: `${id}@integrations.invalid`,
        emailVerified: false,
        createdAt: now,
      }),
      db.insert(integrationInstallations).values(row),
      db
        .insert(integrationBotUsers)
        .values({ userId: botUserId, installationId: id, createdAt: now }),
      db
        .insert(orgMembers)
        .values({ organizationId, userId: botUserId, role: null, joinedAt: now }),
      bumpCount(db, countKey.installations(integration.id), 1),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed")) {
      throw conflict("The integration is already installed in this organization");
    }
    throw error;
  }
  return row;
}

/**
 * Updates an installation's configuration, external ids and selections; a new space selection
 * moves the bot user's organization role (all: the scopes' role; selected: guest, left with
 * the grants of the spaces it is installed on). Returns the stored row.
 */
export async function updateInstallation(
  db: Database,
  integration: IntegrationRow,
  installation: IntegrationInstallationRow,
  patch: {
    configuration?: Record<string, unknown>;
    externalIds?: string[];
    space_selection?: IntegrationSelection;
    site_selection?: IntegrationSelection;
  },
): Promise<IntegrationInstallationRow> {
  const spaceSelection = patch.space_selection ?? installation.spaceSelection;
  const [updated] = await db.batch([
    db
      .update(integrationInstallations)
      .set({
        configuration: patch.configuration ?? installation.configuration,
        externalIds: patch.externalIds ?? installation.externalIds,
        spaceSelection,
        siteSelection: patch.site_selection ?? installation.siteSelection,
        updatedAt: nowIso(),
      })
      .where(eq(integrationInstallations.id, installation.id))
      .returning(),
    db
      .update(orgMembers)
      .set({ role: botRole(integration, spaceSelection) })
      .where(
        and(
          eq(orgMembers.organizationId, installation.organizationId),
          eq(orgMembers.userId, installation.botUserId),
        ),
      ),
  ]);
  return updated[0] ?? installation;
}

/**
 * Uninstalls: deletes the bot user (its membership, tokens, installation and targets follow by
 * cascade) and its grants, and moves the list counters, in one batch. Nothing when absent.
 */
export async function deleteInstallation(db: Database, installation: IntegrationInstallationRow) {
  const botUserId = installation.botUserId;
  const exists = sql`(SELECT count(*) FROM ${integrationInstallations} WHERE ${integrationInstallations.id} = ${installation.id})`;
  const targets = (type: "space" | "site") =>
    sql`(SELECT count(*) FROM ${integrationInstallationTargets} WHERE ${integrationInstallationTargets.installationId} = ${installation.id} AND ${integrationInstallationTargets.targetType} = ${type})`;
  await db.batch([
    bumpCount(db, countKey.installations(installation.integrationId), sql`-${exists}`),
    bumpCount(db, countKey.targets("space", installation.integrationId), sql`-${targets("space")}`),
    bumpCount(db, countKey.targets("site", installation.integrationId), sql`-${targets("site")}`),
    db
      .delete(contentGrants)
      .where(
        and(eq(contentGrants.principalType, "user"), eq(contentGrants.principalId, botUserId)),
      ),
    db.delete(users).where(eq(users.id, botUserId)),
  ]);
}
