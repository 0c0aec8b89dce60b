import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { integrations } from "../../db/schema/index";
import { nowIso } from "../../lib/clock";

/**
 * Turns development mode on (`tunnelUrl` is an absolute http(s) URL, as `DevModeBody` checks;
 * it is stored in its normal form): events of the owning organization's installations (or of every
 * installation, with `all`) go to the tunnel instead of the published script.
 */
export async function enableDevMode(
  db: Database,
  integrationId: string,
  tunnelUrl: string,
  all: boolean,
): Promise<void> {
  await db
    .update(integrations)
    .set({ devTunnelUrl: new URL(tunnelUrl).toString(), devAllRequests: all, updatedAt: nowIso() })
    .where(eq(integrations.id, integrationId));
}

/** Turns development mode off: events go to the published script again. */
export async function disableDevMode(db: Database, integrationId: string): Promise<void> {
  await db
    .update(integrations)
    .set({ devTunnelUrl: null, devAllRequests: false, updatedAt: nowIso() })
    .where(eq(integrations.id, integrationId));
}
