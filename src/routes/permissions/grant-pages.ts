import type { Context } from "hono";
import type { MemberRole } from "../../lib/roles";
import type { AppEnv } from "../../env";
import { badRequest, notFound } from "../../lib/errors";
import { urlsOf } from "../../http/urls";
import type { ListCursors } from "../../http/lists";
import type { ListPage } from "../../http/pagination";
import { presentUser } from "../../presenters/user";
import { presentTeam } from "../../presenters/team";
import { teamPermissions } from "../../auth/team";
import { grantedRole } from "./target";
import {
  grantCounts,
  teamGrantsPage,
  teamsAmong,
  updateGrant,
  userGrantsPage,
  type GrantTarget,
} from "../../services/permissions/grants";

/**
 * What the permission routes of spaces, collections (content-permissions.ts) and sites
 * (site-permissions.ts) answer alike, once each has resolved its target and checked the
 * caller's access: the pages of users and teams invited, the paging of an aggregate computed in
 * memory, and the check that the invited teams are the organization's.
 */

/** A grant list's cursors, keyed by the principal's id. */
type IdCursors = ListCursors<[string]>;

/** The users invited to `target`: one page of the list, read after the access check. */
export async function userGrantsBody(
  c: Context<AppEnv>,
  cursors: IdCursors,
  target: GrantTarget,
  query: { page?: string; limit: number },
) {
  const after = await cursors.afterAccess(query.page);
  const db = c.get("db");
  const [rows, counts] = await Promise.all([
    userGrantsPage(db, target, query.limit, after?.[0]),
    grantCounts(db, target),
  ]);
  const urls = urlsOf(c);
  return cursors.page({
    rows,
    limit: query.limit,
    count: counts.user,
    key: (r) => [r.user.id],
    present: (r) => ({ permission: r.role, user: presentUser(urls, r.user) }),
  });
}

/** The teams invited to `target`: one page, each team shown as an organization admin sees it or not. */
export async function teamGrantsBody(
  c: Context<AppEnv>,
  cursors: IdCursors,
  target: GrantTarget,
  query: { page?: string; limit: number },
  orgAdmin: boolean,
) {
  const after = await cursors.afterAccess(query.page);
  const db = c.get("db");
  const [rows, counts] = await Promise.all([
    teamGrantsPage(db, target, query.limit, after?.[0]),
    grantCounts(db, target),
  ]);
  const manage = teamPermissions(orgAdmin);
  return cursors.page({
    rows,
    limit: query.limit,
    count: counts.team,
    key: (r) => [r.team.id],
    present: (r) => ({ permission: r.role, team: presentTeam(r.team, manage) }),
  });
}

/** One page of an aggregate computed whole (`all`, sorted by user id), after the cursor's id. */
export function aggregateBody<Row extends { user: { id: string } }, Item>(
  cursors: IdCursors,
  all: Row[],
  after: readonly [string] | undefined,
  limit: number,
  present: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const from = after ? all.findIndex((r) => r.user.id > after[0]) : 0;
  const rows = from < 0 ? [] : all.slice(from, from + limit + 1);
  return cursors.page({ rows, limit, count: all.length, key: (r) => [r.user.id], present });
}

/** Refuses (400 naming the index) an invited team that is not one of the organization's. */
export async function checkInvitedTeams(
  c: Context<AppEnv>,
  organizationId: string,
  teams: string[],
): Promise<void> {
  const orgTeams = await teamsAmong(c.get("db"), organizationId, teams);
  teams.forEach((t, i) => {
    if (!orgTeams.has(t)) throw badRequest(`body.teams[${i}]: not a team of this organization`);
  });
}

/** Changes a principal's role on `target`; the 404 when it has no grant there to change. */
export async function changeGrant(
  c: Context<AppEnv>,
  target: GrantTarget,
  principal: { type: "user" | "team"; id: string },
  role: MemberRole | null | undefined,
): Promise<void> {
  const changed = await updateGrant(c.get("db"), target, principal, grantedRole(role));
  if (!changed) throw notFound(principal.type === "user" ? "User permission" : "Team permission");
}
