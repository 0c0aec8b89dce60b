import type { ChangeRequestRow } from "../db/schema";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { requireRole, requireScope } from "./organization";
import { resolveChangeRequest } from "./change-request";
import { resolveSpace, type ResolvedSpace } from "./space";

import {
  slotFilesQuery,
  type SlotFileRow,
  type TemplateTarget,
} from "../services/templates/slot-files";

/** The space (and change request) a template goes into, and the slot files found there. */
export interface ResolvedTemplateTarget {
  found: ResolvedSpace;
  changeRequest: ChangeRequestRow | null;
  slotFiles: SlotFileRow[];
}

/**
 * Loads the target with the caller's role and the files the request names, in one round trip,
 * and checks the caller may write there: `space:write` and the edit role, the checks of the
 * change-request content batch (for a change request) and of change-request creation (for main).
 * Invisible spaces and change requests are the usual 404s.
 */
export async function resolveTemplateTarget(
  c: Context<AppEnv>,
  target: TemplateTarget,
  fileIds: string[],
): Promise<ResolvedTemplateTarget> {
  const files = slotFilesQuery(c.var.db, target, fileIds);
  let result: ResolvedTemplateTarget;
  if (target.changeRequest !== undefined) {
    const found = await resolveChangeRequest(c, target.spaceId, target.changeRequest, {
      extra: [files] as const,
    });
    result = { found, changeRequest: found.changeRequest, slotFiles: found.extra[0] };
  } else {
    const found = await resolveSpace(c, target.spaceId, { extra: [files] as const });
    result = { found, changeRequest: null, slotFiles: found.extra[0] };
  }
  requireScope(result.found.caller, "space:write");
  requireRole(
    result.found.role,
    "edit",
    result.changeRequest
      ? "change the content of this change request"
      : "change the content of this space",
  );
  return result;
}

/** Loads a space for change-request creation, with the slot files of its template if any. */
export async function resolveSpaceForTemplate(
  c: Context<AppEnv>,
  spaceId: string,
  fileIds: string[] | null,
): Promise<{ found: ResolvedSpace; slotFiles: SlotFileRow[] }> {
  if (fileIds === null) return { found: await resolveSpace(c, spaceId), slotFiles: [] };
  const files = slotFilesQuery(c.var.db, { spaceId }, fileIds);
  const found = await resolveSpace(c, spaceId, { extra: [files] as const });
  return { found, slotFiles: found.extra[0] };
}
