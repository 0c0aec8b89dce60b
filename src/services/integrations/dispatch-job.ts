import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { deliverEvent } from "./deliver";
import { loadEventTarget, markEventFailed, recordAttempt } from "./events-store";

/**
 * Delivers one recorded event to its integration (script or dev tunnel). A failed attempt is
 * recorded with its logs and error and retried with backoff; after the last one the event is
 * `failed` with the last error.
 */
export const dispatchIntegrationEvent = defineJob<{ eventId: string }>({
  kind: "integrations.dispatch",
  payload: z.object({ eventId: z.string().min(1) }),
  maxAttempts: 3,
  async run({ eventId }, ctx) {
    const found = await loadEventTarget(ctx.db, eventId);
    // Gone (integration deleted) or already settled (a duplicate delivery): nothing to do.
    if (!found || found.event.status !== "pending") return;
    const event = { ...found.event.payload, eventId };
    const delivery = await deliverEvent(ctx.db, ctx.env, ctx.outbound, found, event);
    await recordAttempt(ctx.db, eventId, delivery, ctx.attempt);
    if (!delivery.ok) throw new Error(delivery.error ?? "the delivery failed");
  },
  async onFailed({ eventId }, error, ctx) {
    await markEventFailed(ctx.db, eventId, error instanceof Error ? error.message : String(error));
  },
});
