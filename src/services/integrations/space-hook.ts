import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { integrationInstallations, integrationInstallationTargets } from "../../db/schema/index";
import type { MainRevisionHook } from "../../platform/main-revision";
import { queueEvents } from "./events";

/** The installations covering a space: all spaces of its organization, or this one selected. */
async function installationsCovering(db: Database, organizationId: string, spaceId: string) {
  return db
    .select({
      id: integrationInstallations.id,
      integrationId: integrationInstallations.integrationId,
    })
    .from(integrationInstallations)
    .where(
      and(
        eq(integrationInstallations.organizationId, organizationId),
        eq(integrationInstallations.status, "active"),
        or(
          eq(integrationInstallations.spaceSelection, "all"),
          sql`exists (select 1 from ${integrationInstallationTargets} where ${integrationInstallationTargets.installationId} = ${integrationInstallations.id} and ${integrationInstallationTargets.targetType} = 'space' and ${integrationInstallationTargets.targetId} = ${spaceId})`,
        ),
      ),
    );
}

/**
 * The after-main hook of integrations: each new main revision of a space (a merge, a template
 * applied to main, a translation run) queues `space_content_updated` for every installation
 * covering the space.
 */
export const notifyIntegrationsAfterMain: MainRevisionHook = async (event) => {
  const { space } = event;
  const installations = await installationsCovering(event.db, space.organizationId, space.id);
  if (installations.length === 0) return;
  await queueEvents(
    event.db,
    { JOBS: event.jobs },
    installations.map((installation) => ({
      integrationId: installation.integrationId,
      installationId: installation.id,
      type: "space_content_updated",
      payload: {
        installationId: installation.id,
        spaceId: space.id,
        revisionId: space.revisionId,
        updatedBy: [],
      },
    })),
  );
};
