import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { apiTokens, integrationInstallations, integrations } from "../../db/schema/index";
import { mintToken } from "../../auth/tokens";
import { newId } from "../../lib/ids";
import { nowIso, nowMs } from "../../lib/clock";
import { tokenScopesOf } from "./scopes";

/** Longest life of an installation token: the runtime asks for a new one per dispatch. */
const MAX_TTL_SECONDS = 60 * 60;

/**
 * Issues a short-lived API token for an installation: an `api_tokens` row of the installation's
 * bot user, limited to the OAuth scopes of the integration's scopes, expiring within an hour.
 * Everything it may do is then decided by the ordinary checks (the bot's role and grants).
 * Throws when the installation does not exist.
 */
export async function issueInstallationToken(
  db: Database,
  installationId: string,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: string }> {
  const [found] = await db
    .select({ botUserId: integrationInstallations.botUserId, scopes: integrations.scopes })
    .from(integrationInstallations)
    .innerJoin(integrations, eq(integrations.id, integrationInstallations.integrationId))
    .where(eq(integrationInstallations.id, installationId))
    .limit(1);
  if (!found) throw new Error(`installation ${installationId} does not exist`);
  const ttl = Math.max(1, Math.min(MAX_TTL_SECONDS, Math.floor(ttlSeconds)));
  const expiresAt = new Date(nowMs() + ttl * 1000).toISOString();
  const minted = await mintToken();
  await db.insert(apiTokens).values({
    id: newId(),
    userId: found.botUserId,
    label: `installation ${installationId}`,
    digest: minted.digest,
    hint: minted.hint,
    scopes: tokenScopesOf(found.scopes),
    createdAt: nowIso(),
    expiresAt,
  });
  return { token: minted.secret, expiresAt };
}
