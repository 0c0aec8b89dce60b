import { z } from "@hono/zod-openapi";
import { TEAM_ROLES } from "../lib/roles";
import { pagedQuery } from "../http/pagination";
import { permissionsOf } from "../api-document/common";
import { entityId, pathString, propertyCount } from "./common";
import { MemberSchema } from "./members";
import { OrgParams } from "./organizations";

/** Most user identifiers one request may name in each of `members`, `add`, `remove`, `memberships`. */
const MAX_TEAM_USERS = 250;

/** Path of the teams of an organization. */
export const OrgTeamsParams = OrgParams;

/** Path of one team. */
export const TeamParams = OrgTeamsParams.extend({ teamId: pathString("teamId") });

/** Path of one user's membership in a team. */
export const TeamMemberParams = TeamParams.extend({ userId: pathString("userId") });

/** Team title: 1 to 64 characters after trimming (official OrganizationTeamTitle). */
const TeamTitle = z.string().trim().min(1).max(64);

/** Query of the team list: PAGED plus the official `owner` and `title` filters. */
export const ListTeamsQuery = pagedQuery.extend({
  owner: entityId.optional().openapi({
    description: "A member of the organization: only the teams they can manage are returned.",
  }),
  title: z.string().max(256).optional().openapi({
    description: "Only teams whose title contains this text (case-insensitive).",
  }),
});

/** Body of team creation. */
export const CreateTeamBody = z
  .object({
    title: TeamTitle,
    members: z
      .array(entityId)
      .max(MAX_TEAM_USERS)
      .optional()
      .openapi({ description: "User ids of organization members; they join with role member." }),
  })
  .strict();

/** Body of a team update. */
export const UpdateTeamBody = z.object({ title: TeamTitle }).strict();

const TeamRole = z.enum(TEAM_ROLES);
const UserIdentifier = z
  .string()
  .min(1)
  .max(320)
  .openapi({ description: "A user id or the e-mail address of an organization member." });

/** Body of the bulk membership update: removal wins over `add` and `memberships`. */
export const UpdateTeamMembersBody = z
  .object({
    add: z.array(UserIdentifier).max(MAX_TEAM_USERS).optional(),
    remove: z.array(UserIdentifier).max(MAX_TEAM_USERS).optional(),
    memberships: propertyCount(
      z.record(z.string().min(1).max(320), z.object({ role: TeamRole }).strict()),
      { max: MAX_TEAM_USERS },
      `at most ${MAX_TEAM_USERS} entries`,
    ).optional(),
  })
  .strict();

/** Body of adding one member or changing their role. */
export const PutTeamMemberBody = z.object({ role: TeamRole.optional() }).strict();

/** A team (official OrganizationTeam). */
export const TeamSchema = z
  .object({
    object: z.literal("team"),
    id: z.string(),
    title: z.string(),
    members: z.number().int(),
    spaces: z.number(),
    createdAt: z.string(),
    permissions: permissionsOf("admin", "view"),
  })
  .openapi("OrganizationTeam");

/** One item of the team member list (official OrganizationTeamMember). */
export const TeamMemberSchema = z
  .object({
    organization: MemberSchema,
    team: z.object({ role: TeamRole }),
    permissions: permissionsOf("view"),
  })
  .openapi("OrganizationTeamMember");

/** A team's wire type. */
export type Team = z.infer<typeof TeamSchema>;
/** A team member item's wire type. */
export type TeamMemberItem = z.infer<typeof TeamMemberSchema>;
