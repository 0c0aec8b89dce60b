import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { contentGrants } from "../db/schema";

// The SQL of content access that both the per-request statements (content-role.ts) and the
// statement text written once per isolate (access-rows.ts) are made of: one definition each.

/** SQL list of ids (`NULL` when empty, so `IN (...)` matches nothing). */
export function idList(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`NULL`;
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/**
 * SQL selecting the ids of the given collections and of all their ancestors in the same
 * organization. `anchor` selects the starting ids (a list or a subquery).
 */
export function ancestorIdsSql(anchor: readonly string[] | SQL): SQL {
  const start = Array.isArray(anchor) ? idList(anchor) : (anchor as SQL);
  return sql`WITH RECURSIVE up(id, parent_id, organization_id) AS (
    SELECT id, parent_id, organization_id FROM collections WHERE id IN (${start})
    UNION
    SELECT p.id, p.parent_id, p.organization_id FROM up
      CROSS JOIN collections p ON p.id = up.parent_id AND p.organization_id = up.organization_id
  ) SELECT id FROM up`;
}

/** SQL: the user `callerId` (SQL, `callerUserId(c)`) or one of their teams, as a grant principal. */
export function principalSql(callerId: SQL): SQL {
  return or(
    and(eq(contentGrants.principalType, "user"), eq(contentGrants.principalId, callerId)),
    and(
      eq(contentGrants.principalType, "team"),
      sql`${contentGrants.principalId} IN (SELECT team_id FROM team_members WHERE user_id = ${callerId})`,
    ),
  )!;
}
