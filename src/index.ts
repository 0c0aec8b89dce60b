import { createApp } from "./app";
import type { Bindings } from "./env";
import { runScheduled } from "./scheduled";
import { createJobConsumer } from "./jobs/consumer";
import { integrationGatewayFor } from "./integration-gateway";
import { readerGatewayFor } from "./reader-gateway";
import { appGatewayFor } from "./app-gateway";
import { createPlatform } from "./platform/compose";
import { collabRoomClass } from "./collab/room";

// The composition root: one platform (hooks, jobs, gates) for the app and the queue consumer.
const platform = createPlatform();
const app = createApp(platform);
const consumeJobs = createJobConsumer(platform);

/** The only network an integration script reaches: Quire's own API (src/integration-gateway.ts). */
export const IntegrationGateway = integrationGatewayFor(app);

/** The reader Worker's way in: the same app, believing the visitor address the reader forwards. */
export const ReaderGateway = readerGatewayFor(app);

/** The app Worker's way in (app/): the same app, believing the visitor address the app forwards. */
export const AppGateway = appGatewayFor(app);

/** The live co-editing rooms' Durable Object class (wrangler.toml's COLLAB_ROOMS). */
export const CollabRoom = collabRoomClass(platform.mainRevisionHooks);

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
