import { z } from "@hono/zod-openapi";
import { MAX_PASSWORD_LENGTH } from "../lib/passwords/common";
import { MemberRoleOrGuest } from "./organizations";
import { ReturnTo } from "./sessions";

/** An e-mail address as the sign-in flows take it: trimmed, lowercased, at most 320 characters. */
const EmailAddress = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email())
  .transform((v) => v.toLowerCase())
  .openapi({ type: "string", format: "email", example: "ada@example.com" });

/**
 * `POST /v1/sessions/email`: ask for a sign-in link and code; `returnTo` rides in the link, so
 * opening it lands on the page the person asked for.
 */
export const EmailSignInBody = z
  .object({ email: EmailAddress, returnTo: ReturnTo.optional() })
  .strict();

/** `POST /v1/sessions/email/link`: the token of the link in the message. */
export const EmailLinkBody = z.object({ token: z.string().min(20).max(200) }).strict();

/** `POST /v1/sessions/email/code`: the address and the 6-digit code of the message. */
export const EmailCodeBody = z
  .object({
    email: EmailAddress,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "must be the 6 digits of the message"),
  })
  .strict();

/** The answer to asking: always the same, whatever the address (no enumeration). */
export const EmailSentSchema = z.object({ sent: z.literal(true) }).openapi("EmailSignInSent", {
  description: "Always answered: a message was sent if the address can receive one.",
});

/** `POST /v1/user/email`: the address to move the signed-in person to (Quire). */
export const EmailChangeBody = z.object({ email: EmailAddress }).strict();

/** `POST /v1/user/email/confirm`: the link token or the code of the confirmation message. */
export const EmailChangeConfirmBody = z
  .object({
    token: EmailLinkBody.shape.token.optional(),
    code: EmailCodeBody.shape.code.optional(),
  })
  .strict()
  .refine((v) => (v.token === undefined) !== (v.code === undefined), {
    message: "give token or code (one of them)",
  });

/** `GET /v1/user/email`: the person's address and the change waiting for confirmation. */
export const EmailStateSchema = z
  .object({
    email: z.string(),
    verified: z.boolean(),
    pending: z
      .object({ email: z.string(), expiresAt: z.string() })
      .nullable()
      .openapi({ description: "The newest unconfirmed change (15 minutes to confirm)" }),
  })
  .openapi("EmailState");

/** A password as typed (the rules of a new one are checked by the service, naming the field). */
const Password = z
  .string()
  .min(1)
  .max(MAX_PASSWORD_LENGTH * 4);

/** `POST /v1/sessions/password`. */
export const PasswordSignInBody = z.object({ email: EmailAddress, password: Password }).strict();

/** `PUT /v1/user/password`: the new password, and the current one to change it. */
export const SetPasswordBody = z
  .object({ password: Password, currentPassword: Password.optional() })
  .strict();

/** `GET /v1/user/password`: whether the person has a password (never anything of it). */
export const PasswordStateSchema = z
  .object({ set: z.boolean(), updatedAt: z.string().nullable() })
  .openapi("PasswordState");

/** The official `InviteUsersToOrganization` body. */
export const InviteUsersBody = z
  .object({
    emails: z
      .array(z.union([EmailAddress, z.object({ email: EmailAddress, role: MemberRoleOrGuest })]))
      .min(1)
      .max(100),
    role: MemberRoleOrGuest.optional(),
    sso: z.boolean().optional(),
  })
  .strict();

/** The official answer of `inviteUsersToOrganization`. */
export const InvitedUsersSchema = z.object({
  users: z.array(z.string()),
  invited: z.number(),
  failedSSOEmails: z.array(z.string()).optional(),
});

/** The invite link's id and token (`<app>/invite/<inviteId>?token=…`). */
export const EmailInviteQuery = z.object({
  inviteId: z.string().min(1).max(64),
  token: z.string().min(20).max(200),
});

/** `POST /v1/sessions/invite`: accept an e-mail invite, with the name to create the person with. */
export const AcceptInviteBody = EmailInviteQuery.extend({
  displayName: z.string().trim().min(1).max(100).optional(),
}).strict();

/** What the invite page shows before anything is spent. */
export const EmailInviteSchema = z
  .object({
    id: z.string(),
    organization: z.object({ id: z.string(), title: z.string() }),
    email: z.string(),
    role: MemberRoleOrGuest,
    expiresAt: z.string(),
    account: z.boolean().openapi({
      description:
        "An account uses the address: its person signs in to accept or decline (the link then only shows the invite)",
    }),
  })
  .openapi("EmailInvite");

/** An organization's sign-in settings (a Quire extension). */
export const SignInSettingsSchema = z
  .object({ passwordsAllowed: z.boolean() })
  .openapi("OrganizationSignInSettings");

/** `PATCH /v1/orgs/{organizationId}/sign-in-settings`. */
export const SignInSettingsBody = z.object({ passwordsAllowed: z.boolean() }).strict();

/** One message of the dev outbox. */
export const OutboxMessageSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    createdAt: z.string(),
  })
  .openapi("OutboxMessage");
