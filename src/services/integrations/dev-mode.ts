import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { integrations } from "../../db/schema/index";
import { badRequest } from "../../lib/errors";
import { nowIso } from "../../lib/clock";

/** Checks a tunnel URL: absolute http(s) without credentials (the outbound fetcher rechecks). */
function checkedTunnelUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest("body.tunnelUrl: must be an absolute URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw badRequest("body.tunnelUrl: must be an http or https URL");
  }
  if (url.username || url.password) {
    throw badRequest("body.tunnelUrl: must not carry credentials");
  }
  return url.toString();
}

/**
 * Turns development mode on: events of the owning organization's installations (or of every
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
    .set({ devTunnelUrl: checkedTunnelUrl(tunnelUrl), devAllRequests: all, updatedAt: nowIso() })
    .where(eq(integrations.id, integrationId));
}

/** Turns development mode off: events go to the published script again. */
export async function disableDevMode(db: Database, integrationId: string): Promise<void> {
  await db
    .update(integrations)
    .set({ devTunnelUrl: null, devAllRequests: false, updatedAt: nowIso() })
    .where(eq(integrations.id, integrationId));
}
