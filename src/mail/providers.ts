import type { HttpMailConfig, MailApiKind } from "./config";

/** A message as the mail port sends it: one recipient, a subject, a text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The HTTP request one provider expects for one message. */
export interface ProviderRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What a provider's answer means: sent, worth another try, or never going to work. */
export type ProviderOutcome = { sent: true } | { sent: false; retry: boolean; reason: string };

/** `Name <address>` or a bare address, split (Cloudflare takes the two apart). */
function sender(from: string): { address: string; name?: string } {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  if (!match) return { address: from.trim() };
  const name = match[1]!.replace(/^"|"$/g, "");
  return name ? { address: match[2]!.trim(), name } : { address: match[2]!.trim() };
}

const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json" };

/**
 * The request of each provider, as their APIs document it:
 * - `cloudflare`: Cloudflare Email Sending, `POST …/accounts/{account_id}/email/sending/send`,
 *   `Authorization: Bearer <API token>`, `{ to, from: { address, name }, subject, html, text }`;
 * - `resend`: `POST https://api.resend.com/emails`, `Authorization: Bearer re_…`,
 *   `{ from, to: [..], subject, html, text }`;
 * - `postmark`: `POST https://api.postmarkapp.com/email`, `X-Postmark-Server-Token`,
 *   `{ From, To, Subject, HtmlBody, TextBody, MessageStream: "outbound" }`;
 * - `generic`: `POST <MAIL_API_URL>`, `Authorization: Bearer <key>`, `{ from, to, subject, text,
 *   html }` — what a small relay of one's own accepts.
 */
export function providerRequest(api: HttpMailConfig, message: MailMessage): ProviderRequest {
  const { to, subject, text, html } = message;
  const bearer = { ...JSON_HEADERS, Authorization: `Bearer ${api.key}` };
  const shapes: Record<MailApiKind, () => ProviderRequest> = {
    cloudflare: () => ({
      url: api.url,
      headers: bearer,
      body: JSON.stringify({ to, from: sender(api.from), subject, html, text }),
    }),
    resend: () => ({
      url: api.url,
      headers: bearer,
      body: JSON.stringify({ from: api.from, to: [to], subject, html, text }),
    }),
    postmark: () => ({
      url: api.url,
      headers: { ...JSON_HEADERS, "X-Postmark-Server-Token": api.key },
      body: JSON.stringify({
        From: api.from,
        To: to,
        Subject: subject,
        HtmlBody: html,
        TextBody: text,
        MessageStream: "outbound",
      }),
    }),
    generic: () => ({
      url: api.url,
      headers: bearer,
      body: JSON.stringify({ from: api.from, to, subject, text, html }),
    }),
  };
  return shapes[api.kind]();
}

/** A JSON body, or null when it is not JSON. */
function parsed(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * What a provider's answer means. 429, 408 and 5xx are worth a retry; any other 4xx never works
 * (a wrong key, an unverified sender). A 2xx is sent, except Cloudflare's envelope saying
 * `success: false` and Postmark's non-zero `ErrorCode`, which both answer 200 for some refusals.
 */
export function providerOutcome(kind: MailApiKind, status: number, text: string): ProviderOutcome {
  const body = parsed(text);
  const said = text.slice(0, 300);
  if (status === 429 || status === 408 || status >= 500) {
    return { sent: false, retry: true, reason: `the mail API answered ${status}: ${said}` };
  }
  if (status < 200 || status >= 300) {
    return { sent: false, retry: false, reason: `the mail API refused (${status}): ${said}` };
  }
  if (kind === "cloudflare" && body?.success !== true) {
    return { sent: false, retry: false, reason: `Cloudflare Email Sending refused: ${said}` };
  }
  if (kind === "postmark" && body && body.ErrorCode !== undefined && body.ErrorCode !== 0) {
    return { sent: false, retry: false, reason: `Postmark refused: ${said}` };
  }
  return { sent: true };
}
