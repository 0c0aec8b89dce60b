import type { MailMessage } from "../../mail";

/** Text escaped for an HTML body. */
function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A message from paragraphs: the text body as written, the HTML body escaped, links as links. */
function message(
  to: string,
  subject: string,
  parts: ({ p: string } | { link: string; label: string } | { code: string })[],
): MailMessage {
  const text = parts
    .map((part) =>
      "p" in part ? part.p : "link" in part ? `${part.label}:\n${part.link}` : part.code,
    )
    .join("\n\n");
  const html = parts
    .map((part) =>
      "p" in part
        ? `<p>${escapeHtml(part.p)}</p>`
        : "link" in part
          ? `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p>`
          : `<p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(part.code)}</strong></p>`,
    )
    .join("\n");
  return { to, subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}

/** What a sign-in message tells: where the link goes, the code, whether it creates the account. */
export interface SignInMail {
  to: string;
  link: string;
  code: string;
  signUp: boolean;
}

/** The sign-in (or sign-up) message: a link for the browser that asked and a 6-digit code. */
export function signInMessage({ to, link, code, signUp }: SignInMail): MailMessage {
  const verb = signUp ? "create your Quire account" : "sign in to Quire";
  return message(to, signUp ? "Create your Quire account" : "Sign in to Quire", [
    { p: `Someone asked to ${verb} with this address. If it was you:` },
    { link, label: signUp ? "Create my account" : "Sign in" },
    { p: "The link works in the browser you asked from. Anywhere else, enter this code:" },
    { code },
    { p: "Both work once, for 15 minutes. If you did not ask, ignore this message." },
  ]);
}

/** For an address with no account that may not sign up: no link, no code, what to do instead. */
export function noAccountMessage(to: string, appUrl: string): MailMessage {
  return message(to, "Sign in to Quire", [
    {
      p:
        `Someone asked to sign in to Quire (${appUrl}) with this address, but no account uses it ` +
        "and this deployment only creates accounts for people who were invited.",
    },
    {
      p: "Ask an administrator of your organization for an invite. If you did not ask, ignore this.",
    },
  ]);
}

/** For a member of an organization that enforces SSO: where to sign in instead. */
export function ssoMessage(to: string, orgTitle: string, where: string): MailMessage {
  return message(to, "Sign in to Quire", [
    {
      p: `Someone asked to sign in to Quire with this address. ${orgTitle} signs its members in with single sign-on (SSO), so e-mail sign-in is off for you.`,
    },
    { link: where, label: `Sign in with ${orgTitle}'s SSO` },
    { p: "If you did not ask, ignore this message." },
  ]);
}

/**
 * The invite to an organization: for an address with no account the link creates it and joins;
 * for one with an account the link shows the invite, to accept or decline once signed in.
 */
export function inviteMessage(
  to: string,
  input: { orgTitle: string; inviter: string; link: string; account: boolean },
): MailMessage {
  return message(to, `${input.inviter} invited you to ${input.orgTitle} on Quire`, [
    { p: `${input.inviter} invited you to join ${input.orgTitle} on Quire.` },
    { link: input.link, label: `See the invite to ${input.orgTitle}` },
    {
      p: input.account
        ? "Sign in to your account there to accept or decline it; until you accept, you are not a member. The invite works for 7 days."
        : "The link works once, for 7 days, and creates your account for this address.",
    },
  ]);
}
