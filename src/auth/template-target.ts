import type { ChangeRequestRow } from "../db/schema";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { NoStatements, Results, Statements } from "../db/plan";
import { requireRole, requireScope } from "./organization";
import { resolveChangeRequest } from "./change-request";
import { resolveSpace, type ResolvedSpace } from "./space";

/** Where a template is applied: main content, or a change request by id or number. */
export interface TemplateTarget {
  spaceId: string;
  changeRequest?: string;
}

/** The space (and change request) a template goes into, and the results of `with`. */
interface ResolvedTemplateTarget<S extends Statements> {
  found: ResolvedSpace;
  changeRequest: ChangeRequestRow | null;
  results: Results<S>;
}

/**
 * Loads the target with the caller's role and the statements of `with` (the slot files the
 * request names), in one round trip, and checks the caller may write there: `space:write` and
 * the edit role, the checks of the change-request content batch (for a change request) and of
 * change-request creation (for main). Invisible spaces and change requests are the usual 404s.
 */
export async function resolveTemplateTarget<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  target: TemplateTarget,
  options: { with?: S } = {},
): Promise<ResolvedTemplateTarget<S>> {
  let result: ResolvedTemplateTarget<S>;
  if (target.changeRequest !== undefined) {
    const found = await resolveChangeRequest(c, target.spaceId, target.changeRequest, options);
    result = { found, changeRequest: found.changeRequest, results: found.results };
  } else {
    const found = await resolveSpace(c, target.spaceId, options);
    result = { found, changeRequest: null, results: found.results };
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
