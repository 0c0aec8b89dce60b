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

/** The confirmation of a new address: a link for the account's browser and a 6-digit code. */
export function emailChangeMessage(to: string, link: string, code: string): MailMessage {
  return message(to, "Confirm your new Quire address", [
    { p: "Someone signed in to Quire asked to use this address for their account. If it was you:" },
    { link, label: "Confirm my new address" },
    { p: "Or enter this code in your account settings:" },
    { code },
    {
      p: "Both work once, for 15 minutes, while signed in to that account. If you did not ask, ignore this message: nothing changes.",
    },
  ]);
}

/** To a new address another account already uses: nothing to confirm, and why. */
export function emailTakenMessage(to: string, appUrl: string): MailMessage {
  return message(to, "Confirm your new Quire address", [
    {
      p:
        `Someone signed in to Quire (${appUrl}) asked to use this address for their account, but ` +
        "another account already uses it, so it cannot be moved. Nothing changed.",
    },
    {
      p: "If this address is yours and you want it on the other account, sign in with it and remove it there first. If you did not ask, ignore this.",
    },
  ]);
}

/** To the old address: a change was asked for, and what to do if it was not its owner. */
export function emailChangeNotice(to: string, next: string, appUrl: string): MailMessage {
  return message(to, "Your Quire address may change", [
    {
      p: `Someone signed in to your Quire account asked to change its e-mail address to ${next}. It changes only once that address confirms.`,
    },
    {
      p: "If it was not you, someone else may be signed in as you: review and sign out your sessions, then sign in again by e-mail.",
    },
    { link: `${appUrl}/account#sessions-title`, label: "Review my sessions" },
  ]);
}

/** To the old address once a change is confirmed: where the account went, and what to do. */
export function emailChangedNotice(to: string, next: string, appUrl: string): MailMessage {
  return message(to, "Your Quire address was changed", [
    { p: `The e-mail address of your Quire account is now ${next}; this one no longer signs in.` },
    {
      p: "If it was not you, sign in another way (a passkey, a password, your organization's single sign-on) or ask your deployment's operator for a sign-in link, then sign out the sessions you do not know.",
    },
    { link: `${appUrl}/account#sessions-title`, label: "Review my sessions" },
  ]);
}
