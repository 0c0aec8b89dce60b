import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  oidcStates,
  ssoAssertions,
  ssoCodes,
  ssoRequests,
  webauthnChallenges,
} from "../../db/schema/index";

/** Rows deleted per statement, and statements per table per run: the purge stays bounded. */
const PURGE_CHUNK = 500;
const PURGE_STATEMENTS = 10;

/** What one purge deleted, per table. */
export interface SsoPurgeReport {
  requests: number;
  codes: number;
  assertions: number;
  /** OIDC sign-ins started and never finished (src/services/oidc/states.ts). */
  oidcStates: number;
  /** Passkey challenges never answered (src/services/passkeys/relying-party.ts). */
  passkeyChallenges: number;
}

/** Deletes up to a bounded number of expired rows of one table (its `expires_at` before `cutoff`). */
async function purgeTable(
  db: Database,
  table:
    | typeof ssoRequests
    | typeof ssoCodes
    | typeof ssoAssertions
    | typeof oidcStates
    | typeof webauthnChallenges,
  cutoff: string,
): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < PURGE_STATEMENTS; i++) {
    const result = await db.run(
      sql`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${table.expiresAt} <= ${cutoff} LIMIT ${PURGE_CHUNK})`,
    );
    const changes = result.meta.changes ?? 0;
    deleted += changes;
    if (changes < PURGE_CHUNK) break;
  }
  return deleted;
}

/**
 * The scheduled purge of SAML sign-in state that can no longer be used: expired AuthnRequest
 * records, one-time codes, and replay-cache entries past their assertion's expiry (an expired
 * assertion is refused by its validity window, so its id need not be remembered); and the OIDC
 * states and passkey challenges of ceremonies never finished.
 */
export async function purgeExpiredSso(db: Database, now: number): Promise<SsoPurgeReport> {
  const cutoff = new Date(now).toISOString();
  return {
    requests: await purgeTable(db, ssoRequests, cutoff),
    codes: await purgeTable(db, ssoCodes, cutoff),
    assertions: await purgeTable(db, ssoAssertions, cutoff),
    oidcStates: await purgeTable(db, oidcStates, cutoff),
    passkeyChallenges: await purgeTable(db, webauthnChallenges, cutoff),
  };
}
