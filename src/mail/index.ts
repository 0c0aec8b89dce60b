import type { Bindings } from "../env";
import { enqueue } from "../jobs/enqueue";
import { ApiError } from "../lib/errors";
import { mailTransport, type MailEnv } from "./config";
import { sendMailJob } from "./job";
import type { MailMessage } from "./providers";

/**
 * The mail port: the only way mail leaves Quire. Every message (sign-in links and codes,
 * invites) comes through here; where it goes is the deployment's `MAIL_TRANSPORT`.
 */
export { outboxTransport } from "./config";
export { sendMailJob } from "./job";
export type { MailMessage } from "./providers";

/** The refusal when this deployment has no mail transport: a 409 naming why, never a 5xx. */
export class MailNotConfigured extends ApiError {
  constructor(reason: string) {
    super(409, `This deployment cannot send e-mail (${reason}); ask its operator to set it up`);
    this.name = "MailNotConfigured";
  }
}

/**
 * Queues one message on the background queue (delivered with retries by `sendMailJob`). Throws
 * `MailNotConfigured` when the deployment sends no mail, before anything is queued.
 */
export async function sendMail(
  env: MailEnv & Pick<Bindings, "JOBS">,
  message: MailMessage,
): Promise<void> {
  const transport = mailTransport(env);
  if (transport.kind === "none") throw new MailNotConfigured(transport.reason);
  await enqueue(env, sendMailJob, message);
}
