import type { RevisionRow, SpaceRow } from "../db/schema";
import type { AppEnv, Caller, SiteGrant } from "../env";
import type { MemberRole } from "../lib/roles";
import { VISITOR_ROLE } from "./published";
import {
  previewedChangeRequest,
  previewedRevision,
  resolveGrantedSpace,
  siteGrantOf,
} from "./site-reader";
import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { preparedSelect, preparedShapes, type Params } from "../db/prepared";
import { changeRequests, revisions } from "../db/schema";
import type { Context } from "hono";
import { requireRole, requireScope } from "./organization";
import {
  changeRequestHeadSql,
  changeRequestNumber,
  resolveChangeRequest,
  resolveGrantedChangeRequest,
} from "./change-request";
import { resolveSpace, type ResolvedSpace } from "./space";
import type { ContentPointer } from "../content/pointer";
import { changeRequestPointer, mainPointer, revisionPointer } from "../content/pointers";
import { notFound } from "../lib/errors";
import { appUrl } from "../http/urls";
import type { NoStatements, Results, Statements } from "../db/plan";

/**
 * Content a read is about: the space and the reader's role, who reads (a Quire token's caller,
 * or null for a site API token), where it lives, and its revision.
 */
export interface ContentTarget {
  space: SpaceRow;
  role: MemberRole;
  caller: Caller | null;
  /** A site API token's visitor (adaptive conditions on pages); null for a member. */
  visitor: Pick<SiteGrant, "adaptive" | "claims"> | null;
  pointer: ContentPointer;
  revision: RevisionRow;
  /** The app URL of this content (main, a change request, or a past revision). */
  appBase: string;
}

/** The reader fields of a target read through a site token's grant: read only, its claims. */
function grantReader(grant: SiteGrant, space: SpaceRow): ContentReader {
  const visitor = { adaptive: grant.adaptive, claims: grant.claims };
  return { space, role: VISITOR_ROLE, caller: null, visitor };
}

/**
 * A space's revision matched by `id` (SQL over the placeholders: a value, or a subquery giving
 * one), as a select written once per isolate: content reads build no statement per request.
 */
function revisionSelect<N extends string>(id: (p: Params<N | "space">) => SQL) {
  return preparedSelect(
    () => getTableColumns(revisions),
    (select, p: Params<N | "space">) =>
      select
        .from(revisions)
        .where(and(eq(revisions.spaceId, sql`${p("space")}`), sql`${revisions.id} = ${id(p)}`))
        .limit(1),
  );
}

/** The head revision of a space's main content. */
const HEAD_REVISION = revisionSelect<never>(
  (p) => sql`(SELECT revision_id FROM spaces WHERE id = ${p("space")})`,
);

/** The line of a change request of a space, by id (what a preview token's revisions are on). */
const PREVIEW_LINE = preparedSelect(
  () => ({ lineId: changeRequests.lineId }),
  (select, p: Params<"space" | "id">) =>
    select
      .from(changeRequests)
      .where(and(eq(changeRequests.spaceId, p("space")), eq(changeRequests.id, p("id"))))
      .limit(1),
);

/** A stored revision of a space by its id. */
const REVISION_BY_ID = revisionSelect<"revision">((p) => sql`${p("revision")}`);

/**
 * A change request's working head, by id, or (`byNumber`: the path segment may be a number) by
 * id or number: two shapes of SQL, each written once.
 */
const CHANGE_REQUEST_HEAD = preparedShapes((byNumber: boolean) =>
  revisionSelect<"changeRequest" | "number">((p) =>
    changeRequestHeadSql(
      sql`${p("space")}`,
      sql`${p("changeRequest")}`,
      byNumber ? sql`${p("number")}` : null,
    ),
  ),
);

/**
 * The revision a content read is about, once the caller passed the checks every content read
 * makes: `space:read` and the read role (any role that sees the space); 404 for no revision.
 */
function readableRevision(found: ResolvedSpace & { results: { revision: RevisionRow[] } }) {
  requireScope(found.caller, "space:read");
  requireRole(found.role, "read", "read this space's content");
  return revisionOf(found.results);
}

/** Who reads a target, and as what. */
type ContentReader = Pick<ContentTarget, "space" | "role" | "caller" | "visitor">;

/** The revision a read found; 404 for none. */
function revisionOf(results: { revision: RevisionRow[] }): RevisionRow {
  const revision = results.revision[0];
  if (!revision) throw notFound("Revision");
  return revision;
}

/** The reader fields of a target read by a member's token. */
function memberReader(found: ResolvedSpace): ContentReader {
  return { space: found.space, role: found.role, caller: found.caller, visitor: null };
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
  const statements = { ...more, revision: HEAD_REVISION.bind(c.get("db"), { space: spaceId }) };
  const grant = siteGrantOf(c);
  if (grant) {
    const granted = await resolveGrantedSpace(c, grant, spaceId, { with: statements });
    return {
      more: granted.results as Results<S>,
      ...grantReader(grant, granted.space),
      pointer: mainPointer(granted.space),
      revision: revisionOf(granted.results),
      appBase: appUrl(c, `/s/${spaceId}`),
    };
  }
  const found = await resolveSpace(c, spaceId, { with: statements });
  const revision = readableRevision(found);
  return {
    // The spread put the caller's statements beside `revision`: their results are all there.
    more: found.results as Results<S>,
    ...memberReader(found),
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
  const number = changeRequestNumber(changeRequestId);
  const head = CHANGE_REQUEST_HEAD(number !== null);
  const values = { space: spaceId, changeRequest: changeRequestId, number };
  const statements = { revision: head.bind(c.get("db"), values) };
  const grant = siteGrantOf(c);
  const found = grant
    ? await resolveGrantedChangeRequest(c, grant, spaceId, changeRequestId, { with: statements })
    : null;
  const member = found
    ? null
    : await resolveChangeRequest(c, spaceId, changeRequestId, { with: statements });
  const revision = found ? revisionOf(found.results) : readableRevision(member!);
  const space = found?.space ?? member!.space;
  const cr = found?.changeRequest ?? member!.changeRequest;
  return {
    ...(found ? grantReader(grant!, space) : memberReader(member!)),
    pointer: changeRequestPointer(space, cr),
    revision,
    appBase: appUrl(c, `/s/${spaceId}/~/changes/${cr.number}`),
  };
}

/** Any stored revision of a space (of main or of a change request), in one round trip. */
export async function revisionTarget<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  spaceId: string,
  revisionId: string,
  more?: S,
): Promise<ContentTarget & { more: Results<S> }> {
  const values = { space: spaceId, revision: revisionId };
  const statements = { ...more, revision: REVISION_BY_ID.bind(c.get("db"), values) };
  const appBase = appUrl(c, `/s/${spaceId}/~/revisions/${revisionId}`);
  const grant = siteGrantOf(c);
  if (grant) {
    // A site reads the revisions of its spaces' main line: what was published, now or before.
    // (No previewed change request: its line is looked up under an id that matches none.)
    const previewed = previewedChangeRequest(grant, spaceId) ?? "";
    const line = PREVIEW_LINE.bind(c.get("db"), { space: spaceId, id: previewed });
    const granted = await resolveGrantedSpace(c, grant, spaceId, {
      with: { ...statements, "#previewLine": line },
    });
    const revision = revisionOf(granted.results);
    // Others only with a member's preview token: the previewed revision, or one of the line of
    // the previewed change request.
    const previewLine = granted.results["#previewLine"][0]?.lineId;
    const previews =
      revision.id === previewedRevision(grant, spaceId) || previewLine === revision.lineId;
    if (revision.lineId !== granted.space.mainLineId && !previews) throw notFound("Revision");
    return {
      more: granted.results as Results<S>,
      ...grantReader(grant, granted.space),
      pointer: revisionPointer(granted.space, revision),
      revision,
      appBase,
    };
  }
  const found = await resolveSpace(c, spaceId, { with: statements });
  const revision = readableRevision(found);
  return {
    more: found.results as Results<S>,
    ...memberReader(found),
    pointer: revisionPointer(found.space, revision),
    revision,
    appBase,
  };
}
