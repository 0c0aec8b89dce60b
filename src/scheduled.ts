import type { Bindings } from "./env";
import { createDb } from "./db/client";
import { primarySession } from "./db/session";
import { purgeDeletedSpaces } from "./services/retention/retention";
import { purgeIdempotencyKeys } from "./services/idempotency/keys";
import { enqueueDueSpecRefetches } from "./services/openapi-specs/refetch";
import { requeueStuckSpecs } from "./services/openapi-specs/stuck";
import { purgeJobFailures } from "./services/jobs/failures";
import { purgeExpiredSso } from "./services/sso/purge";
import { purgeEndedSessions } from "./services/sessions/purge";
import { purgeSignInLeftovers } from "./services/sign-in/purge";
import { purgeIntegrationLeftovers } from "./services/integrations/retention";
import { upgradeOldIndexes } from "./services/search/index-upgrade";
import { recheckDomains } from "./services/organizations/domains/checks";

/** A job the cron trigger runs; each receives the database and the scheduled time. */
type ScheduledJob = {
  name: string;
  run: (ctx: {
    env: Bindings;
    db: ReturnType<typeof createDb>;
    now: number;
  }) => Promise<Record<string, number>>;
};

/**
 * The cron trigger's jobs: purges (deleted spaces, expired idempotency keys, old job failures,
 * SSO leftovers, ended sessions and spent sign-in links, e-mail sign-in leftovers, integration
 * leftovers), the API spec re-fetches and stuck-spec recovery, the daily re-check of verified
 * e-mail domains, and
 * the rebuild of search indexes written before tagged words.
 */
const SCHEDULED_JOBS: ScheduledJob[] = [
  {
    name: "retention",
    run: async ({ env, db, now }) => ({ ...(await purgeDeletedSpaces(db, env.FILES, now)) }),
  },
  {
    name: "idempotency",
    run: async ({ db, now }) => ({ ...(await purgeIdempotencyKeys(db, now)) }),
  },
  {
    name: "openapi-refetch",
    run: async ({ env, db, now }) => ({ ...(await enqueueDueSpecRefetches(env, db, now)) }),
  },
  {
    name: "openapi-stuck",
    run: async ({ env, db, now }) => ({ ...(await requeueStuckSpecs(env, db, now)) }),
  },
  {
    name: "job-failures",
    run: async ({ db, now }) => ({ ...(await purgeJobFailures(db, now)) }),
  },
  {
    name: "sso",
    run: async ({ db, now }) => ({ ...(await purgeExpiredSso(db, now)) }),
  },
  {
    name: "sessions",
    run: async ({ db, now }) => ({ ...(await purgeEndedSessions(db, now)) }),
  },
  {
    name: "sign-in",
    run: async ({ db, now }) => ({ ...(await purgeSignInLeftovers(db, now)) }),
  },
  {
    name: "integrations",
    run: async ({ db, now }) => ({ ...(await purgeIntegrationLeftovers(db, now)) }),
  },
  {
    name: "domains",
    run: async ({ env, db, now }) => ({ ...(await recheckDomains(env, db, now)) }),
  },
  {
    name: "search-upgrade",
    run: async ({ db }) => ({ ...(await upgradeOldIndexes(db)) }),
  },
];

/** Runs every scheduled job once, logging what each did; a failing job does not stop the rest. */
export async function runScheduled(env: Bindings, scheduledTime: number) {
  const db = createDb(primarySession(env.DB));
  const report: Record<string, Record<string, number> | { error: string }> = {};
  for (const job of SCHEDULED_JOBS) {
    try {
      report[job.name] = await job.run({ env, db, now: scheduledTime });
    } catch (err) {
      console.error(`scheduled job ${job.name} failed`, err);
      report[job.name] = { error: err instanceof Error ? err.message : String(err) };
    }
  }
  console.log(JSON.stringify({ scheduled: new Date(scheduledTime).toISOString(), jobs: report }));
  return report;
}
