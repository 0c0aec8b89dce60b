import { createApp } from "./app";
import type { Bindings } from "./env";
import { runScheduled } from "./scheduled";
import { createJobConsumer } from "./jobs/consumer";
import type { AnyJob } from "./jobs/define";
import { translationRunJob } from "./services/translations/jobs";
import { processSpecJob } from "./services/openapi-specs/jobs";
import { processConversationJob } from "./services/conversations/jobs";
import { integrationGatewayFor } from "./integration-gateway";
import { dispatchIntegrationEvent } from "./services/integrations/dispatch-job";

const app = createApp();

/** The only network an integration script reaches: Quire's own API (src/integration-gateway.ts). */
export const IntegrationGateway = integrationGatewayFor(app);

/** Every background job the queue consumer runs; each area registers its jobs here. */
const JOBS: AnyJob[] = [
  translationRunJob,
  processSpecJob,
  dispatchIntegrationEvent,
  processConversationJob,
];

const consumeJobs = createJobConsumer(JOBS);

/** The Worker: HTTP through the Hono app, cron through the scheduled jobs, the queue's jobs. */
export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(env, controller.scheduledTime));
  },
  async queue(batch, env) {
    await consumeJobs(batch, env);
  },
} satisfies ExportedHandler<Bindings>;
