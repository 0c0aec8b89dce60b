import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { changeRequests, type ChangeRequestRow, type SpaceRow } from "../db/schema";
import { nowMs } from "../lib/clock";
import { atLeast } from "../lib/roles";
import { scopeAllows } from "../lib/scopes";
import { readAccessRow, spaceAccessByDigest } from "./access-rows";
import { credentialRefusal } from "./caller";
import { spaceAccessOf } from "./space";

/**
 * A live room's access check (src/collab): the person behind a credential digest, as the API's
 * own resolvers would judge them now (`credentialRefusal`, `spaceAccessOf`), for a change
 * request or for main of a space whose `editMode` is `live`. The room has no request: its Worker
 * handed it the digest (never the secret) when the socket opened, and it re-checks with it
 * periodically and before writing as that person.
 */

/** Whose credential, and how it was presented. */
export interface RoomCredential {
  digest: string;
  kind: "session" | "api";
}

/** What a re-check found. */
export type RoomAccess =
  | {
      ok: true;
      userId: string;
      /** Whether they may change the content (edit role and, for a token, space:write). */
      writes: boolean;
      space: SpaceRow;
      /** The change request of the room's page; null for a room on main. */
      changeRequest: ChangeRequestRow | null;
    }
  | { ok: false; why: "signedOut" | "forbidden" | "closed"; message: string };

/** Why a room on main ends when its space leaves live editing (the route's 409 says it too). */
export const NOT_LIVE_MESSAGE =
  "This space's edit mode is not live: its pages are edited in change requests";

/**
 * Checks `credential` on the change request `changeRequestId` of `spaceId` (null: on main, which
 * the space's `editMode` must keep `live`), in one round trip.
 */
export async function roomAccess(
  db: Database,
  spaceId: string,
  changeRequestId: string | null,
  credential: RoomCredential,
): Promise<RoomAccess> {
  const accessQuery = spaceAccessByDigest(db, spaceId, credential.digest);
  const [access, crs] = changeRequestId
    ? await db.batch([
        accessQuery,
        db
          .select()
          .from(changeRequests)
          .where(and(eq(changeRequests.id, changeRequestId), eq(changeRequests.spaceId, spaceId)))
          .limit(1),
      ])
    : [(await db.batch([accessQuery]))[0], null];
  const raw = (access as { row: string | null }[])[0]?.row;
  const row = raw ? readAccessRow(raw) : null;
  const refusal = credentialRefusal(row?.caller, credential.kind, nowMs());
  if (!row || refusal) return { ok: false, why: "signedOut", message: refusal ?? "Signed out" };
  const found = spaceAccessOf(row);
  const cr = crs ? crs[0] : null;
  const scopes = row.caller.tokenScopes ? (JSON.parse(row.caller.tokenScopes) as string[]) : null;
  if (!found || cr === undefined || !scopeAllows(scopes, "space:read")) {
    return { ok: false, why: "forbidden", message: "You no longer have access to this page" };
  }
  if (cr && (cr.status === "merged" || cr.status === "archived")) {
    return { ok: false, why: "closed", message: `The change request was ${cr.status}` };
  }
  if (!cr && found.space.editMode !== "live") {
    return { ok: false, why: "closed", message: NOT_LIVE_MESSAGE };
  }
  return {
    ok: true,
    userId: row.caller.userId,
    writes: atLeast(found.role, "edit") && scopeAllows(scopes, "space:write"),
    space: found.space,
    changeRequest: cr,
  };
}
