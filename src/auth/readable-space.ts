import type { SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { SpaceRow } from "../db/schema";
import type { MemberRole } from "../lib/roles";
import type { Caller } from "./caller";
import { resolvePublishedSpaceAccess, VISITOR_ROLE, type VisitorCredentials } from "./published";
import { readSpaceAccess } from "./space";
import { resolveGrantedSpace, siteGrantOf } from "./site-reader";

/** A space the caller may read, by its own access rules or by published access. */
export interface ReadableSpace {
  /** Null for a site API token. */
  caller: Caller | null;
  space: SpaceRow;
  role: MemberRole;
  /** The value of the caller's `column` (null without one). */
  column: unknown;
  /** Whether the space's own access rules let the caller in (not published access, not a site grant). */
  own: boolean;
}

/**
 * `GET /v1/spaces/{spaceId}`'s access rule: the space by its own access rules (one statement,
 * `readSpaceAccess`); when they refuse it, by the published-access rules of the sites
 * publishing it (docs/compat-notes/sites.md, `resolvePublishedSpaceAccess`): a second round
 * trip, read-only, and the same 404 as a nonexistent id when no site lets the caller in.
 * `column` is the route's own value about the space (SQL over the table `spaces`), read by
 * whichever statement finds the space. A site API token reads only the spaces its grant names
 * (`resolveGrantedSpace`: one round trip).
 */
export async function resolveReadableSpace(
  c: Context<AppEnv>,
  spaceId: string,
  credentials: VisitorCredentials,
  options: { column?: SQL } = {},
): Promise<ReadableSpace> {
  const grant = siteGrantOf(c);
  if (grant) {
    const { space, column } = await resolveGrantedSpace(c, grant, spaceId, options);
    return { caller: null, space, role: VISITOR_ROLE, column, own: false };
  }
  const own = await readSpaceAccess(c, spaceId, { column: options.column });
  if (own)
    return { caller: own.caller, space: own.space, role: own.role, column: own.column, own: true };
  const published = await resolvePublishedSpaceAccess(c, spaceId, credentials, options);
  const { caller, space, role, column } = published;
  return { caller, space, role, column, own: false };
}
