import { z } from "@hono/zod-openapi";
import { UserSchema } from "../api-document/common";
import { pagedQuery } from "../http/pagination";
import { entityId, MemberRole } from "./common";
import { MemberRoleOrGuest } from "./organizations";
import { TeamSchema } from "./teams";

/**
 * The wire of the content permission operations (official `space-permissions` and
 * `collection-permissions`): who is invited to a space or a collection with which role, and the
 * aggregate of everyone's effective role with what gives it (a Quire extension: `through`).
 */

/** Most users or teams one invite may name. */
const MAX_INVITED = 100;

/** Official InviteUsersAndTeams: users or teams (at least one) and the role they get. */
export const InviteBody = z
  .object({
    users: z.array(entityId).min(1).max(MAX_INVITED).optional(),
    teams: z.array(entityId).min(1).max(MAX_INVITED).optional(),
    role: MemberRoleOrGuest,
  })
  .strict()
  .refine((b) => b.users !== undefined || b.teams !== undefined, {
    message: "users or teams is required",
    path: ["users"],
  });

/** Body of a role change (official: `role`, MemberRoleOrGuest). */
export const UpdatePermissionBody = z.object({ role: MemberRoleOrGuest.optional() }).strict();

/** Query of the aggregate: PAGED and the official `role` filter. */
export const AggregateQuery = pagedQuery.extend({ role: MemberRole.optional() });

/** Official UserContentPermission: a user's role on the content. */
export const UserContentPermissionSchema = z
  .object({ permission: MemberRole, user: UserSchema })
  .openapi("UserContentPermission");

/** A team's role on the content (official inline item of listTeamPermissions…). */
export const TeamContentPermissionSchema = z
  .object({ permission: MemberRole, team: TeamSchema })
  .openapi("TeamContentPermission");

/** What gives a member their effective role (Quire extension of the aggregate's items). */
const PERMISSION_SOURCES = ["organization", "default", "direct", "team", "collection"] as const;

/** One item of the aggregate: UserContentPermission and where the role comes from. */
export const AggregatePermissionSchema = UserContentPermissionSchema.extend({
  through: z.enum(PERMISSION_SOURCES).openapi({
    description:
      "What gives the role: the organization role (or admin), a default level of the content or a collection above it, a grant to the user on it, a grant to one of their teams on it, or a grant on a collection above it.",
  }),
}).openapi("AggregateContentPermission");

/** A source of an effective role. */
export type PermissionSource = (typeof PERMISSION_SOURCES)[number];

/** Official UserSitePermissionOverride: a user's grant on a site. */
export const UserSitePermissionOverrideSchema = z
  .object({ permission: MemberRoleOrGuest, user: UserSchema })
  .openapi("UserSitePermissionOverride");

/** Official TeamSitePermissionOverride: a team's grant on a site. */
export const TeamSitePermissionOverrideSchema = z
  .object({ permission: MemberRoleOrGuest, team: TeamSchema })
  .openapi("TeamSitePermissionOverride");

/** Official UserSitePermissionOrigin: the organization role, or a grant on the site. */
const SitePermissionOriginSchema = z.union([
  z.object({ type: z.literal("organization"), organization: z.string() }),
  z.object({
    type: z.literal("site"),
    site: z.string(),
    reason: z.enum(["member", "team", "default"]),
    team: z.string().optional(),
  }),
]);

/** Official UserSitePermission: a member's effective role on a site and what gives it. */
export const UserSitePermissionSchema = z
  .object({
    permission: MemberRoleOrGuest,
    user: UserSchema,
    origin: SitePermissionOriginSchema,
    disabled: z.boolean(),
    lastSeenAt: z.string().optional(),
  })
  .openapi("UserSitePermission");

/** Query of a site's aggregate: PAGED, the official `role`, `search` and `team` filters. */
export const SiteAggregateQuery = pagedQuery.extend({
  role: z.union([MemberRole, z.literal("guest")]).optional(),
  search: z.string().max(200).optional(),
  team: z.string().max(200).optional(),
});

/** Where a member's role on a site comes from. */
export type SitePermissionOrigin = z.infer<typeof SitePermissionOriginSchema>;
