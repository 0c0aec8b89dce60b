import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { spaces } from "../../db/schema";
import { plan, runStatements } from "../../db/plan";
import { readRoleRows, roleRowsSql } from "../../auth/access-sql";
import { grantsOn } from "../../auth/content-role";
import type { Membership } from "../../auth/organization";
import { kindOf } from "../../auth/role-rule";
import { roleOnSpace } from "../../auth/space";
import { idOfKeyToken, orgMatch } from "../../lib/fts-query";
import { rankedSectionsQuery, type RankedSection } from "./ranked-sections";
import { rankedPage, rankedRead, type RankedSearchInput, type SearchPage } from "./space-search";

/**
 * The organization search's ranked read (spec §4.9), as a plan for the access check's batch:
 * the window or tail of a space search, over the organization's tagged words. `finish` hands
 * back the rows for `orgSearchPage`, which needs the caller's role on the spaces they come from.
 */
export function orgSearchPlan(
  db: Database,
  input: Omit<RankedSearchInput, "keep"> & { organizationId: string },
) {
  const match = orgMatch(input.organizationId, input.query);
  const read = rankedRead(input.limit, input.after);
  const search = match ? rankedSectionsQuery(db, match, read) : undefined;
  const statements: { search?: NonNullable<typeof search> } = search ? { search } : {};
  return plan(statements, (results) => ({ rows: results.search ?? [], read }));
}

/**
 * The statement of `readableSpaces`: the spaces among `spaceIds` live in the organization, with
 * (for a caller who is not an admin) their role inputs from the one producer (`roleRowsSql`):
 * a space at the root costs its row; one in a collection, its chain's reads too.
 */
function readableSpacesQuery(
  db: Database,
  input: { organizationId: string; callerId: SQL; admin: boolean; spaceIds: string[] },
) {
  const roles = roleRowsSql(input.callerId, {
    spaceId: sql`${spaces.id}`,
    parentId: sql`${spaces.parentId}`,
  });
  return db
    .select({
      id: spaces.id,
      title: spaces.title,
      parentId: spaces.parentId,
      defaultLevel: spaces.defaultLevel,
      roles: (input.admin ? sql<string | null>`NULL` : roles).as("roles"),
    })
    .from(spaces)
    .where(
      and(
        inArray(spaces.id, input.spaceIds),
        eq(spaces.organizationId, input.organizationId),
        isNull(spaces.deletedAt),
      ),
    );
}

/**
 * The titles of the spaces among `spaceIds` the caller can read: live in the organization, and
 * with an effective role (`roleOnSpace`, the space check's own consumer of the role inputs).
 * One statement, reading only these spaces and (for a caller who is not an admin) their chains.
 */
async function readableSpaces(
  db: Database,
  input: { organizationId: string; callerId: SQL; member: Membership; spaceIds: string[] },
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  if (input.spaceIds.length === 0) return titles;
  const admin = kindOf(input.member) === "admin";
  const { rows } = await runStatements(db, {
    rows: readableSpacesQuery(db, { ...input, admin }),
  });
  for (const space of rows) {
    const { tree, spaceGrants } = readRoleRows(space.roles);
    const role = roleOnSpace(input.member, space, tree, grantsOn(spaceGrants, space.id));
    if (role !== null) titles.set(space.id, space.title);
  }
  return titles;
}

/**
 * The organization search's results page from its ranked rows: the pages of the spaces the
 * member can read, numbered and counted among themselves only (a hidden space's pages leave no
 * gap in `rank` and no trace in `count`), with the titles of their spaces.
 */
export async function orgSearchPage(
  db: Database,
  found: { rows: RankedSection[]; read: ReturnType<typeof rankedRead> },
  input: Omit<RankedSearchInput, "keep" | "query"> & {
    organizationId: string;
    callerId: SQL;
    member: Membership;
  },
): Promise<SearchPage & { titles: Map<string, string> }> {
  const spaceIds = [...new Set(found.rows.map((r) => idOfKeyToken(r.skey)))];
  const titles = await readableSpaces(db, { ...input, spaceIds });
  const page = rankedPage(found.rows, input, found.read, {
    inScope: () => true,
    keep: (p) => titles.has(p.spaceId),
  });
  return { ...page, titles };
}
