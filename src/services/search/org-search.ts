import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { collections, spaces, type CollectionRow } from "../../db/schema";
import { plan, runStatements } from "../../db/plan";
import { jsonObjectSql, jsonValue } from "../../db/json-row";
import { ancestorIdsSql, grantsOnSql } from "../../auth/access-sql";
import { chainOf, effectiveRole } from "../../auth/content-role";
import { idOfKeyToken, orgMatch } from "../../lib/fts-query";
import type { MemberRole } from "../../lib/roles";
import { rankedSectionsQuery, type RankedSection } from "./ranked-sections";
import { rankedPage, rankedRead, type RankedSearchInput, type SearchPage } from "./space-search";

/**
 * The organization search's ranked read (spec §4.9), as a plan for the access check's batch:
 * the window or tail of a space search, over the organization's tagged words. `finish` hands
 * back the rows for `orgSearchPage`, which needs the member's role on the spaces they come from.
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

/** A found space's role inputs, as `accessColumns` reads them. */
interface AccessInputs {
  spaceGrants: MemberRole[];
  tree: CollectionRow[] | null;
  treeGrants: { id: string; role: MemberRole }[] | null;
}

/**
 * JSON of what the member's effective role on a space (`spaces`) takes besides its own row: the
 * caller's grants on it and, for a space in a collection, the collection chain above it and the
 * caller's grants on that chain (the reads of the space access check, through the access SQL
 * of src/auth/access-sql.ts).
 */
function accessJson(callerId: SQL): SQL<string> {
  const chain = ancestorIdsSql(sql`${spaces.parentId}`);
  return sql<string>`json_object(
    'spaceGrants', (SELECT json_group_array(role) FROM content_grants
      WHERE ${grantsOnSql(callerId, "space", sql`${spaces.id}`)}),
    'tree', CASE WHEN ${spaces.parentId} IS NULL THEN NULL ELSE
      (SELECT json_group_array(${sql.raw(jsonObjectSql(collections, "col"))})
        FROM collections col WHERE col.id IN (${chain})) END,
    'treeGrants', CASE WHEN ${spaces.parentId} IS NULL THEN NULL ELSE
      (SELECT json_group_array(json_object('id', resource_id, 'role', role)) FROM content_grants
        WHERE ${grantsOnSql(callerId, "collection", chain)}) END)`;
}

/**
 * The statement of `readableSpaces`: the spaces among `spaceIds` live in the organization, with
 * (for a member who is not an admin) their role inputs (`accessJson`). Exported for its cost
 * test: a space at the root costs its row; one in a collection, its chain's reads too.
 */
function readableSpacesQuery(
  db: Database,
  input: { organizationId: string; callerId: SQL; admin: boolean; spaceIds: string[] },
) {
  return db
    .select({
      id: spaces.id,
      title: spaces.title,
      parentId: spaces.parentId,
      defaultLevel: spaces.defaultLevel,
      access: (input.admin ? sql<string | null>`NULL` : accessJson(input.callerId)).as("access"),
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
 * The titles of the spaces among `spaceIds` the member can read: live in the organization, and
 * with an effective role (`effectiveRole` over the collection chain and the member's grants) for
 * a member who is not an admin. One statement, reading only these spaces and their chains.
 */
async function readableSpaces(
  db: Database,
  input: { organizationId: string; callerId: SQL; role: MemberRole; spaceIds: string[] },
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  if (input.spaceIds.length === 0) return titles;
  const admin = input.role === "admin";
  const { rows } = await runStatements(db, {
    rows: readableSpacesQuery(db, { ...input, admin }),
  });
  for (const space of rows) {
    const access = jsonValue<AccessInputs>(space.access);
    if (!admin && !access) continue;
    const chain = access?.tree && space.parentId ? chainOf(access.tree, space.parentId) : [];
    const onChain = new Set(chain.map((c) => c.id));
    const role = effectiveRole({
      orgRole: input.role,
      isGuest: false,
      chain: [{ defaultLevel: space.defaultLevel }, ...chain],
      grants: [
        ...(access?.spaceGrants ?? []),
        ...(access?.treeGrants ?? []).filter((g) => onChain.has(g.id)).map((g) => g.role),
      ],
    });
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
    role: MemberRole;
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
