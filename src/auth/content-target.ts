import type { RevisionRow } from "../db/schema";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { revisions } from "../db/schema";
import type { Database } from "../db/client";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { requireRole, requireScope } from "./organization";
import { changeRequestMatch, resolveChangeRequest } from "./change-request";
import { resolveSpace, type ResolvedSpace } from "./space";
import type { ContentPointer } from "../content/pointer";
import { changeRequestPointer, mainPointer, revisionPointer } from "../content/pointers";
import { notFound } from "../lib/errors";
import { appUrl } from "../lib/urls";

/** Content a read is about: the space and the caller's role, where it lives, and its revision. */
export interface ContentTarget {
  found: ResolvedSpace;
  pointer: ContentPointer;
  revision: RevisionRow;
  /** The app URL of this content (main, a change request, or a past revision). */
  appBase: string;
}

/** The revision row a read is about, by a match (an id, or a subquery giving one). */
function revisionQuery(db: Database, spaceId: string, id: SQL | string) {
  return db
    .select()
    .from(revisions)
    .where(and(eq(revisions.spaceId, spaceId), sql`${revisions.id} = ${id}`))
    .limit(1);
}

/** Every content read needs `space:read` and the read role (any role that sees the space). */
function allowRead(found: ResolvedSpace): void {
  requireScope(found.caller, "space:read");
  requireRole(found.role, "read", "read this space's content");
}

/** A space's main content at its head, with the head revision, in one round trip. */
export async function mainTarget(c: Context<AppEnv>, spaceId: string): Promise<ContentTarget> {
  const db = c.var.db;
  const head = sql`(SELECT revision_id FROM spaces WHERE id = ${spaceId})`;
  const found = await resolveSpace(c, spaceId, {
    with: { revision: revisionQuery(db, spaceId, head) },
  });
  allowRead(found);
  const revision = found.results.revision[0];
  if (!revision) throw notFound("Revision");
  return {
    found,
    pointer: mainPointer(found.space),
    revision,
    appBase: appUrl(c, `/s/${spaceId}`),
  };
}

/** A change request's content at its working head (by id or number), in one round trip. */
export async function changeRequestTarget(
  c: Context<AppEnv>,
  spaceId: string,
  changeRequestId: string,
): Promise<ContentTarget> {
  const db = c.var.db;
  const head = sql`(SELECT revision_id FROM change_requests
    WHERE ${changeRequestMatch(spaceId, changeRequestId)} LIMIT 1)`;
  const found = await resolveChangeRequest(c, spaceId, changeRequestId, {
    with: { revision: revisionQuery(db, spaceId, head) },
  });
  allowRead(found);
  const revision = found.results.revision[0];
  if (!revision) throw notFound("Revision");
  const cr = found.changeRequest;
  return {
    found,
    pointer: changeRequestPointer(found.space, cr),
    revision,
    appBase: appUrl(c, `/s/${spaceId}/~/changes/${cr.number}`),
  };
}

/** Any stored revision of a space (of main or of a change request), in one round trip. */
export async function revisionTarget(
  c: Context<AppEnv>,
  spaceId: string,
  revisionId: string,
): Promise<ContentTarget> {
  const db = c.var.db;
  const found = await resolveSpace(c, spaceId, {
    with: { revision: revisionQuery(db, spaceId, revisionId) },
  });
  allowRead(found);
  const revision = found.results.revision[0];
  if (!revision) throw notFound("Revision");
  return {
    found,
    pointer: revisionPointer(found.space, revision),
    revision,
    appBase: appUrl(c, `/s/${spaceId}/~/revisions/${revisionId}`),
  };
}
