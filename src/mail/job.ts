import { z } from "zod";
import { mailOutbox } from "../db/schema/index";
import { defineJob, PermanentJobError } from "../jobs/define";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/clock";
import { OutboundError } from "../outbound";
import { mailTransport } from "./config";
import { providerOutcome, providerRequest, type MailMessage } from "./providers";

/** The queued message: what `sendMail` was given, checked again on receipt. */
const MailPayload = z.object({
  to: z.string().min(3).max(320),
  subject: z.string().min(1).max(998),
  text: z.string().max(100_000),
  html: z.string().max(200_000),
});

/** Outbound failures that another try cannot mend (the URL or its address is refused). */
const NEVER_REACHABLE: ReadonlySet<string> = new Set(["invalid_url", "blocked_address"]);

/**
 * Delivers one message through the deployment's transport, on the one queue with its retries:
 * `outbox` keeps it in D1, `http` posts it to the mail API through the outbound fetcher (its
 * answer read by `providerOutcome`), `none` fails at once (mail was turned off after queuing).
 */
export const sendMailJob = defineJob<MailMessage>({
  kind: "mail.send",
  payload: MailPayload,
  maxAttempts: 6,
  async run(message, ctx) {
    const transport = mailTransport(ctx.env);
    if (transport.kind === "none") {
      throw new PermanentJobError(`mail is not configured: ${transport.reason}`);
    }
    if (transport.kind === "outbox") {
      await ctx.db.insert(mailOutbox).values({ id: newId(), ...message, createdAt: nowIso() });
      return;
    }
    const request = providerRequest(transport.api, message);
    let status: number;
    let text: string;
    try {
      const res = await ctx.outbound.request(
        request.url,
        { method: "POST", headers: request.headers, body: request.body },
        { timeoutMs: 15_000, maxBytes: 64 * 1024, maxRedirects: 0 },
      );
      status = res.status;
      text = res.text();
    } catch (error) {
      if (error instanceof OutboundError && NEVER_REACHABLE.has(error.code)) {
        throw new PermanentJobError(`the mail API cannot be reached: ${error.message}`);
      }
      throw error;
    }
    const outcome = providerOutcome(transport.api.kind, status, text);
    if (outcome.sent) return;
    if (outcome.retry) throw new Error(outcome.reason);
    throw new PermanentJobError(outcome.reason);
  },
});
