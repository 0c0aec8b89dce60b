import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv, SiteGrant } from "../env";
import type { SpaceRow } from "../db/schema";
import type { Database } from "../db/client";
import { previewedChangeRequest, resolveGrantedSpace } from "./site-reader";
import { changeRequests } from "../db/schema";
import { notFound } from "../lib/errors";
import type { NoStatements, Results, Statements } from "../db/plan";
import { resolveSpace, type ResolvedSpace } from "./space";
import { callerUserId } from "./caller";
import type { ChangeRequestRow } from "../db/schema";

/**
 * SQL matching a change request of the space by its id or by its number. The inputs are values,
 * or SQL (a prepared select's placeholders, `number` then given: null binds no number).
 */
export function changeRequestMatch(
  spaceId: string | SQL,
  idOrNumber: string | SQL,
  number: number | SQL | null = typeof idOrNumber === "string"
    ? changeRequestNumber(idOrNumber)
    : null,
): SQL {
  const byId = eq(changeRequests.id, idOrNumber);
  const match = number !== null ? or(byId, eq(changeRequests.number, number))! : byId;
  return and(eq(changeRequests.spaceId, spaceId), match)!;
}

/** SQL selecting the id of the change request `changeRequestMatch` matches (a subquery). */
export function changeRequestIdSql(...match: Parameters<typeof changeRequestMatch>): SQL {
  return sql`SELECT id FROM change_requests WHERE ${changeRequestMatch(...match)} LIMIT 1`;
}

/** SQL: the working head revision of a change request by id or number (a scalar subquery). */
export function changeRequestHeadSql(...match: Parameters<typeof changeRequestMatch>): SQL {
  return sql`(SELECT revision_id FROM change_requests WHERE ${changeRequestMatch(...match)} LIMIT 1)`;
}

/** The change request number a path segment may be (null: it can only be an id). */
export function changeRequestNumber(idOrNumber: string): number | null {
  return /^[1-9][0-9]{0,8}$/.test(idOrNumber) ? Number(idOrNumber) : null;
}

/** The change request of a space by id or number, as a statement for a resolver's batch. */
function changeRequestRowQuery(db: Database, spaceId: string, idOrNumber: string) {
  return db.select().from(changeRequests).where(changeRequestMatch(spaceId, idOrNumber)).limit(1);
}

/**
 * Loads a space, the caller's role on it and one of its change requests (by id or by number) in
 * one round trip, with the statements of `with` (results by name); an absent change request is a
 * 404 like an invisible space.
 */
export async function resolveChangeRequest<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  spaceId: string,
  idOrNumber: string,
  options: { with?: S } = {},
): Promise<ResolvedSpace & { changeRequest: ChangeRequestRow; results: Results<S> }> {
  const db = c.get("db");
  const { results, ...resolved } = await resolveSpace(c, spaceId, {
    with: {
      ...options.with,
      "#changeRequest": changeRequestRowQuery(db, spaceId, idOrNumber),
    },
  });
  const changeRequest = (results["#changeRequest"] as ChangeRequestRow[])[0];
  if (!changeRequest) throw notFound("Change request");
  return { ...resolved, changeRequest, results: results as unknown as Results<S> };
}

/**
 * A change request through a member's preview token (a site token with `draft`), with the
 * statements of `with`, in one round trip: only the change request the preview names, in its
 * space (`previewedChangeRequest`); any other site token or change request, or an absent one,
 * is the 404 of a change request that does not exist.
 */
export async function resolveGrantedChangeRequest<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  grant: SiteGrant,
  spaceId: string,
  idOrNumber: string,
  options: { with?: S } = {},
): Promise<{ space: SpaceRow; changeRequest: ChangeRequestRow; results: Results<S> }> {
  const previewed = previewedChangeRequest(grant, spaceId);
  if (!previewed) throw notFound("Change request");
  const db = c.get("db");
  const { space, results } = await resolveGrantedSpace(c, grant, spaceId, {
    with: {
      ...options.with,
      "#changeRequest": changeRequestRowQuery(db, spaceId, idOrNumber),
    },
  });
  const changeRequest = (results["#changeRequest"] as ChangeRequestRow[])[0];
  if (changeRequest?.id !== previewed) throw notFound("Change request");
  return { space, changeRequest, results: results as unknown as Results<S> };
}

/**
 * What the organization's change-request list needs to decide the caller's visibility in SQL
 * (`access-sql.ts`) besides their membership: the caller's user id, as SQL.
 */
export function orgChangeRequestVisibility(c: Context<AppEnv>): { callerId: SQL } {
  return { callerId: callerUserId(c) };
}
