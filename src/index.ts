import { createApp } from "./app";
import type { Bindings } from "./env";
import { runScheduled } from "./scheduled";

const app = createApp();

/** The Worker: HTTP through the Hono app, cron through the scheduled jobs. */
export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Bindings>;
