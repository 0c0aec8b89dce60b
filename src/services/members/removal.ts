import { and, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  collections,
  contentGrants,
  organizations,
  orgMembers,
  sites,
  spaces,
  ssoMembers,
  teamMembers,
  teams,
} from "../../db/schema/index";
import { runStatements } from "../../db/plan";
import { conflict } from "../../lib/errors";
import { revokeSessionsStatement } from "../sessions/sessions";
import { recordRemoval } from "../sso/removals";
import { notBot } from "../integrations/bots";
import { notLastAdmin } from "./members";

/**
 * Removes a member with their team memberships (team counters kept exact) and their grants on
 * the organization's collections and spaces, in one batch. The last enabled admin cannot leave
 * (409); removing a non-member changes nothing.
 */
export async function removeMember(db: Database, organizationId: string, userId: string) {
  const gone = sql`NOT EXISTS (SELECT 1 FROM org_members m WHERE m.organization_id = ${organizationId}
    AND m.user_id = ${userId})`;
  const orgTeams = db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.organizationId, organizationId));
  // The user's explicit grants on the organization's content go with the membership.
  const dropGrants = (type: "collection" | "space" | "site", ids: SQLWrapper) =>
    db
      .delete(contentGrants)
      .where(
        and(
          eq(contentGrants.principalType, "user"),
          eq(contentGrants.principalId, userId),
          eq(contentGrants.resourceType, type),
          inArray(contentGrants.resourceId, ids),
          gone,
        ),
      );
  // An installation's bot is not a member to remove: uninstalling the integration removes it.
  const removable = and(
    eq(orgMembers.organizationId, organizationId),
    eq(orgMembers.userId, userId),
    notLastAdmin(organizationId),
    notBot(orgMembers.userId),
  );
  const { stillMember } = await runStatements(db, {
    // Remembered (same condition as the delete), so SSO does not silently add them back.
    removal: recordRemoval(db, removable),
    // The person's sessions end with the membership (same condition, before the delete):
    // whoever signed in as them is signed out at once (docs/security.md, "Sessions").
    sessions: revokeSessionsStatement(
      db,
      userId,
      null,
      sql`EXISTS (SELECT 1 FROM ${orgMembers} WHERE ${removable})`,
    ),
    membership: db.delete(orgMembers).where(removable),
    membersCount: db
      .update(organizations)
      .set({ membersCount: sql`${organizations.membersCount} - changes()` })
      .where(eq(organizations.id, organizationId)),
    teamCounters: db
      .update(teams)
      .set({ membersCount: sql`${teams.membersCount} - 1` })
      .where(
        and(
          eq(teams.organizationId, organizationId),
          inArray(
            teams.id,
            db
              .select({ id: teamMembers.teamId })
              .from(teamMembers)
              .where(eq(teamMembers.userId, userId)),
          ),
          gone,
        ),
      ),
    teamMemberships: db
      .delete(teamMembers)
      .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, orgTeams), gone)),
    collectionGrants: dropGrants(
      "collection",
      db
        .select({ id: collections.id })
        .from(collections)
        .where(eq(collections.organizationId, organizationId)),
    ),
    spaceGrants: dropGrants(
      "space",
      db.select({ id: spaces.id }).from(spaces).where(eq(spaces.organizationId, organizationId)),
    ),
    siteGrants: dropGrants(
      "site",
      db.select({ id: sites.id }).from(sites).where(eq(sites.organizationId, organizationId)),
    ),
    ssoFlag: db
      .delete(ssoMembers)
      .where(
        and(eq(ssoMembers.organizationId, organizationId), eq(ssoMembers.userId, userId), gone),
      ),
    stillMember: db
      .select({ role: orgMembers.role })
      .from(orgMembers)
      .where(
        and(
          eq(orgMembers.organizationId, organizationId),
          eq(orgMembers.userId, userId),
          notBot(orgMembers.userId),
        ),
      ),
  });
  if (stillMember.length > 0) {
    throw conflict("The last admin of an organization cannot leave it; promote another first");
  }
}
