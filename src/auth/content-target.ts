import type { RevisionRow } from "../db/schema";
import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { preparedSelect, type Params } from "../db/prepared";
import { revisions } from "../db/schema";
import type { Database } from "../db/client";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { requireRole, requireScope } from "./organization";
import { changeRequestHeadSql, resolveChangeRequest } from "./change-request";
import { resolveSpace, type ResolvedSpace } from "./space";
import type { ContentPointer } from "../content/pointer";
import { changeRequestPointer, mainPointer, revisionPointer } from "../content/pointers";
import { notFound } from "../lib/errors";
import { appUrl } from "../http/urls";
import type { NoStatements, Results, Statements } from "../db/plan";

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

/** The head revision of a space's main content (its text written once per isolate). */
const HEAD_REVISION = preparedSelect(
  () => getTableColumns(revisions),
  (select, p: Params<"space">) =>
    select
      .from(revisions)
      .where(
        and(
          eq(revisions.spaceId, sql`${p("space")}`),
          sql`${revisions.id} = (SELECT revision_id FROM spaces WHERE id = ${p("space")})`,
        ),
      )
      .limit(1),
);

/**
 * The revision a content read is about, once the caller passed the checks every content read
 * makes: `space:read` and the read role (any role that sees the space); 404 for no revision.
 */
function readableRevision(found: ResolvedSpace & { results: { revision: RevisionRow[] } }) {
  requireScope(found.caller, "space:read");
  requireRole(found.role, "read", "read this space's content");
  const revision = found.results.revision[0];
  if (!revision) throw notFound("Revision");
  return revision;
}

/**
 * A space's main content at its head, with the head revision, in one round trip; `more` are a
 * service's statements to run in the same batch (their results come back as `more`).
 */
export async function mainTarget<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  spaceId: string,
  more?: S,
): Promise<ContentTarget & { more: Results<S> }> {
  const found = await resolveSpace(c, spaceId, {
    with: { ...more, revision: HEAD_REVISION.bind(c.get("db"), { space: spaceId }) },
  });
  const revision = readableRevision(found);
  return {
    // The spread put the caller's statements beside `revision`: their results are all there.
    more: found.results as Results<S>,
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
  const db = c.get("db");
  const head = changeRequestHeadSql(spaceId, changeRequestId);
  const found = await resolveChangeRequest(c, spaceId, changeRequestId, {
    with: { revision: revisionQuery(db, spaceId, head) },
  });
  const revision = readableRevision(found);
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
  const db = c.get("db");
  const found = await resolveSpace(c, spaceId, {
    with: { revision: revisionQuery(db, spaceId, revisionId) },
  });
  const revision = readableRevision(found);
  return {
    found,
    pointer: revisionPointer(found.space, revision),
    revision,
    appBase: appUrl(c, `/s/${spaceId}/~/revisions/${revisionId}`),
  };
}
