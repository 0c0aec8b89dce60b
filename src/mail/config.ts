import type { Bindings } from "../env";

/** The shapes of HTTP mail API the `http` transport speaks (src/mail/providers.ts). */
const MAIL_API_KINDS = ["cloudflare", "resend", "postmark", "generic"] as const;

/** One of `MAIL_API_KINDS`. */
export type MailApiKind = (typeof MAIL_API_KINDS)[number];

/** What the `http` transport needs: the API's shape, its endpoint, its key, the sender. */
export interface HttpMailConfig {
  kind: MailApiKind;
  url: string;
  key: string;
  from: string;
}

/** How this deployment sends mail, worked out from its variables once per use. */
export type MailTransport =
  | { kind: "outbox" }
  | { kind: "http"; api: HttpMailConfig }
  | { kind: "none"; reason: string };

/** The variables the mail port reads. */
export type MailEnv = Pick<
  Bindings,
  "MAIL_TRANSPORT" | "MAIL_API_KIND" | "MAIL_API_URL" | "MAIL_API_KEY" | "MAIL_FROM"
>;

/**
 * The deployment's mail transport. Unset or `none` is no mail; an `http` transport missing its
 * URL, key or sender, or naming an unknown API kind, is no mail too, with the reason (the operator
 * reads it in the refusal and the job log), never a half-configured sender.
 */
export function mailTransport(env: MailEnv): MailTransport {
  const chosen = (env.MAIL_TRANSPORT ?? "none").trim().toLowerCase();
  if (chosen === "outbox") return { kind: "outbox" };
  if (chosen === "none" || chosen === "") {
    return { kind: "none", reason: 'MAIL_TRANSPORT is "none"' };
  }
  if (chosen !== "http") {
    return { kind: "none", reason: `MAIL_TRANSPORT "${chosen}" is not outbox, http or none` };
  }
  const kind = (env.MAIL_API_KIND ?? "generic").trim().toLowerCase();
  if (!(MAIL_API_KINDS as readonly string[]).includes(kind)) {
    return { kind: "none", reason: `MAIL_API_KIND "${kind}" is not ${MAIL_API_KINDS.join(", ")}` };
  }
  const missing = (["MAIL_API_URL", "MAIL_API_KEY", "MAIL_FROM"] as const).filter(
    (name) => !env[name]?.trim(),
  );
  if (missing.length > 0) {
    return { kind: "none", reason: `the http mail transport needs ${missing.join(", ")}` };
  }
  return {
    kind: "http",
    api: {
      kind: kind as MailApiKind,
      url: env.MAIL_API_URL!.trim(),
      key: env.MAIL_API_KEY!.trim(),
      from: env.MAIL_FROM!.trim(),
    },
  };
}

/** Whether the dev outbox is the transport (only then does `GET /v1/dev/outbox` exist). */
export function outboxTransport(env: MailEnv): boolean {
  return mailTransport(env).kind === "outbox";
}
