import { z } from "@hono/zod-openapi";
import { pathString } from "./common";
import { MemberRoleOrGuest, OrgParams } from "./organizations";

/** Path of one of the caller's pending e-mail invites. */
export const UserInviteParams = z.object({ inviteId: pathString("inviteId") });

/** Path of one e-mail invite of an organization. */
export const OrgEmailInviteParams = OrgParams.extend({ inviteId: pathString("inviteId") });

/**
 * An e-mail invite to an organization as its person sees it (a Quire extension): pending until
 * they accept it (`acceptedAt` then set) or decline it (then gone).
 */
export const PendingInviteSchema = z
  .object({
    object: z.literal("email-invite"),
    id: z.string(),
    organization: z.object({ id: z.string(), title: z.string() }),
    role: MemberRoleOrGuest,
    sso: z.boolean().openapi({ description: "Accepting makes the person an SSO member" }),
    createdAt: z.string(),
    expiresAt: z.string(),
    acceptedAt: z.string().nullable(),
  })
  .openapi("PendingEmailInvite");

/** A pending e-mail invite of an organization as its admins see it (a Quire extension). */
export const OrgEmailInviteSchema = PendingInviteSchema.extend({
  email: z.string(),
  invitedBy: z.string().openapi({ description: "The id of the admin who invited" }),
  invitedByName: z
    .string()
    .nullable()
    .openapi({ description: "The inviter's display name; null once their account is gone" }),
  expired: z.boolean(),
}).openapi("OrganizationEmailInvite");

/** An e-mail invite as its person sees it. */
export type PendingInvite = z.infer<typeof PendingInviteSchema>;

/** An e-mail invite as its organization's admins see it. */
export type OrgEmailInvite = z.infer<typeof OrgEmailInviteSchema>;
