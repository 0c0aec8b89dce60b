import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv, PreviewGrant } from "../env";
import { changeRequests, revisions } from "../db/schema";
import { atLeast } from "../lib/roles";
import { scopeAllows } from "../lib/scopes";
import { changeRequestMatch } from "./change-request";
import { readSpaceAccess } from "./space";

/**
 * Members' previews (issue 34, finding 2): what a preview URL (`~/changes/<id>`,
 * `~/revisions/<id>`) resolved with a Quire token may grant. The change request or revision must
 * belong to the space the URL resolved to, and the caller must read that space (the read role,
 * a token with `space:read`); the site token's grant then names it, and content reads honour
 * only it (src/auth/site-reader.ts `previewedChangeRequest`, `previewedRevision`).
 */

/** What a preview URL names. */
export interface PreviewRequest {
  kind: "revision" | "changeRequest";
  /** The change request's id or number, or the revision's id, as the URL wrote it. */
  id: string;
}

/**
 * The preview grant for `preview` of space `spaceId`, in one round trip; null (the caller gets
 * the 404 of published content) without a Quire token, when the caller cannot read the space,
 * or when the change request or revision is not the space's.
 */
export async function previewGrantFor(
  c: Context<AppEnv>,
  spaceId: string,
  preview: PreviewRequest,
): Promise<PreviewGrant | null> {
  if (!c.get("caller").digest) return null;
  const db = c.get("db");
  const target =
    preview.kind === "changeRequest"
      ? db
          .select({ id: changeRequests.id })
          .from(changeRequests)
          .where(changeRequestMatch(spaceId, preview.id))
          .limit(1)
      : db
          .select({ id: revisions.id })
          .from(revisions)
          .where(and(eq(revisions.spaceId, spaceId), eq(revisions.id, preview.id)))
          .limit(1);
  const access = await readSpaceAccess(c, spaceId, { with: { target } });
  if (!access || !atLeast(access.role, "read")) return null;
  if (!scopeAllows(access.caller.token.scopes, "space:read")) return null;
  const found = access.results.target[0];
  if (!found) return null;
  return preview.kind === "changeRequest"
    ? { space: spaceId, changeRequest: found.id }
    : { space: spaceId, revision: found.id };
}
