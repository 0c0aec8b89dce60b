import { z } from "@hono/zod-openapi";
import { MEMBER_ROLES } from "../lib/roles";
import { pagedQuery } from "../http/pagination";
import { UserSchema } from "../api-document/common";
import { DescendingOrder, pathString } from "./common";
import { MemberRoleOrGuest, OrgParams } from "./organizations";

/** Path of one member of an organization. */
export const MemberParams = OrgParams.extend({ userId: pathString("userId") });

/** Sort keys of the member list (official memberSort). */
const MEMBER_SORTS = ["joinedAt", "lastSeenAt", "name"] as const;

/** Query of the member list: PAGED plus the official order, role, search and sort. */
export const ListMembersQuery = pagedQuery.extend({
  order: DescendingOrder,
  role: z
    .enum([...MEMBER_ROLES, "guest"])
    .optional()
    .openapi({ description: "Only members with this role; `guest` for guests." }),
  search: z
    .string()
    .trim()
    .min(1)
    .max(256)
    .optional()
    .openapi({ description: "Only members whose display name or e-mail contains this text." }),
  sort: z.enum(MEMBER_SORTS).default("joinedAt"),
});

/** The member list query's TypeScript type. */
export type ListMembersInput = z.infer<typeof ListMembersQuery>;

/**
 * Body of a member update: the new role (null: a guest) and, a Quire extension, whether the
 * membership is disabled (the official OrganizationMember shows `disabled`; GitBook's API has no
 * operation that sets it).
 */
export const UpdateMemberBody = z
  .object({
    role: MemberRoleOrGuest.optional(),
    disabled: z
      .boolean()
      .optional()
      .openapi({
        description:
          "Quire extension: true disables the membership (the person is signed out everywhere and " +
          "reaches nothing of the organization until enabled again), false enables it. The last " +
          "enabled admin cannot be disabled (409).",
      }),
  })
  .strict();

/** A member update's TypeScript type. */
export type UpdateMemberInput = z.infer<typeof UpdateMemberBody>;

/** A member of an organization (official OrganizationMember). */
export const MemberSchema = z
  .object({
    object: z.literal("member"),
    id: z.string(),
    role: MemberRoleOrGuest,
    user: UserSchema,
    disabled: z.boolean(),
    joinedAt: z.string(),
    lastSeenAt: z.string().optional(),
    sso: z.boolean(),
    spaces: z.number(),
    teams: z.number(),
    sites: z.number(),
  })
  .openapi("OrganizationMember");

/** A member's TypeScript type. */
export type Member = z.infer<typeof MemberSchema>;
