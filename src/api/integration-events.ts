import { z } from "@hono/zod-openapi";
import { IntegrationName } from "./integrations";

/** Path of one event of an integration. */
export const IntegrationEventParams = z.object({
  integrationName: IntegrationName.openapi({ param: { name: "integrationName", in: "path" } }),
  eventId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "eventId", in: "path" } }),
});

/** Official IntegrationEventLog: one line the script logged, with its time and level. */
const IntegrationEventLogSchema = z.object({
  message: z.string(),
  timestamp: z.string(),
  level: z.enum(["debug", "info", "warn", "error"]),
});

/**
 * Official IntegrationEvent. `status` stays inside the official enum: `success` once an attempt
 * delivered the event, `failed` while it is not delivered. Quire's own `state` says whether that
 * is final (`settled`) or the event is still in flight (`queued`: not attempted yet; `retrying`:
 * an attempt failed and another is scheduled); `error` says why the last attempt failed.
 */
export const IntegrationEventSchema = z
  .object({
    id: z.string(),
    integrationId: z.string(),
    installationId: z.string().optional(),
    createdAt: z.string(),
    payload: z.record(z.string(), z.unknown()),
    status: z.enum(["success", "failed"]),
    state: z.enum(["queued", "retrying", "settled"]).openapi({
      description:
        "Quire: whether `status` is final (`settled`) or the delivery is in flight (`queued`, `retrying`).",
    }),
    error: z.string().optional(),
  })
  .openapi("IntegrationEvent");

/** The official `getIntegrationEvent` answer: the event and its trace (the script's logs). */
export const IntegrationEventDetailSchema = z.object({
  event: IntegrationEventSchema,
  trace: z.object({ logs: z.array(IntegrationEventLogSchema) }),
});

/**
 * The rule of a dev tunnel URL: absolute http(s) without credentials (the outbound fetcher
 * checks the address again on every call). Null when the URL is acceptable.
 */
function tunnelUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an http or https URL";
  if (url.username || url.password) return "must not carry credentials";
  return null;
}

/** Body of `PUT /v1/integrations/{name}/dev` (official names). */
export const DevModeBody = z.object({
  tunnelUrl: z
    .string()
    .min(1)
    .max(256)
    .superRefine((raw, ctx) => {
      const problem = tunnelUrlProblem(raw);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .openapi({
      format: "uri",
      description: "An absolute http or https URL without credentials.",
    }),
  all: z.boolean().default(false),
});

/** Wire types. */
export type IntegrationEvent = z.infer<typeof IntegrationEventSchema>;
export type IntegrationEventDetail = z.infer<typeof IntegrationEventDetailSchema>;
