import type { AnyJob } from "../jobs/define";
import { indexSearchAfterMain } from "../services/search/indexer";
import { notifyIntegrationsAfterMain } from "../services/integrations/space-hook";
import { translationRunJob } from "../services/translations/jobs";
import { processSpecJob } from "../services/openapi-specs/jobs";
import { processConversationJob } from "../services/conversations/jobs";
import { exportSpaceJob, importRunJob } from "../services/spaces-io/jobs";
import { gitSyncJob } from "../services/git-sync/jobs";
import { gitSyncAfterMain } from "../services/git-sync/after-main";
import { dispatchIntegrationEvent } from "../services/integrations/dispatch-job";
import { sendMailJob } from "../mail";
import type { MainRevisionHook } from "./main-revision";
import { KeptAnswers, LargeBodyGate, RateLimitWindows, VerifiedTokens } from "./isolate-memories";

/**
 * What the Worker is assembled with, once per isolate: the work after every new main revision,
 * the background jobs, and this isolate's memories (verified tokens, the large-body gate, the
 * rate-limit windows). The HTTP app (`createApp`) and the queue consumer (`createJobConsumer`)
 * receive the same one, so a job's write to main is followed by the same hooks as a merge.
 */
export interface Platform {
  /** The work after each new main revision, in order: every write to main runs it. */
  mainRevisionHooks: readonly MainRevisionHook[];
  /** Every background job the queue consumer runs, routed by `kind`. */
  jobs: readonly AnyJob[];
  /** This isolate's recently verified tokens. */
  verifiedTokens: VerifiedTokens;
  /** This isolate's queue for requests with large bodies. */
  largeBodyGate: LargeBodyGate;
  /** This isolate's estimate of each rate-limit window, for the X-RateLimit-* headers. */
  rateLimitWindows: RateLimitWindows;
  /** The readers' revision-fixed answers this isolate made. */
  keptAnswers: KeptAnswers;
}

/**
 * Builds the platform: every hook and job is listed here by hand (explicit registration, no
 * import side effects). `src/index.ts` calls it once for the Worker; each area adds its jobs and
 * hooks here.
 */
export function createPlatform(): Platform {
  return {
    mainRevisionHooks: [notifyIntegrationsAfterMain, indexSearchAfterMain, gitSyncAfterMain],
    jobs: [
      translationRunJob,
      processSpecJob,
      dispatchIntegrationEvent,
      processConversationJob,
      sendMailJob,
      exportSpaceJob,
      importRunJob,
      gitSyncJob,
    ],
    verifiedTokens: new VerifiedTokens(),
    largeBodyGate: new LargeBodyGate(),
    rateLimitWindows: new RateLimitWindows(),
    keptAnswers: new KeptAnswers(),
  };
}
