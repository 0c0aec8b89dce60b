import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { runPlan, type Plan, type Statements } from "../../db/plan";
import { allowComment, allowDelete, allowEditBody } from "../../auth/comment";
import type { ResolvedSpace } from "../../auth/space";
import { storedBody } from "../../services/comments/writes";
import type { UpdateReplyBody } from "../../api/comments";
import { existing, NAMES, type Kind } from "./read-steps";

/** A comment or reply as access needs it: who posted it. */
interface Owned {
  postedBy: string;
}

/**
 * Checks an update of the comment or reply the path named: the comment role, then a 404 when it
 * is not there, then only its author edits the body.
 */
export function allowUpdate<T extends Owned>(
  found: ResolvedSpace,
  owned: T | undefined,
  kind: Kind,
  input: { body?: unknown },
): T {
  allowComment(found, `update ${NAMES[kind].plural}`);
  const item = existing(owned, kind);
  if (input.body !== undefined) allowEditBody(found, item.postedBy, kind);
  return item;
}

/** The edits of an update as the services take them: the body stored, each reaction once. */
export function editsOf(input: z.output<typeof UpdateReplyBody>) {
  return {
    body: input.body === undefined ? undefined : storedBody(input.body, "body.body"),
    added: [...new Set(input.addedReactions ?? [])],
    removed: [...new Set(input.removedReactions ?? [])],
  };
}

/**
 * Deletes the comment or reply the path named: the comment role, then its author or a space
 * admin; 204 also when it does not exist (the place is visible).
 */
export async function deleteOwned<T extends Owned, S extends Statements>(
  c: Context<AppEnv>,
  found: ResolvedSpace,
  owned: T | undefined,
  kind: Kind,
  remove: (owned: T) => Plan<S, unknown>,
) {
  allowComment(found, `delete ${NAMES[kind].plural}`);
  if (!owned) return c.body(null, 204);
  allowDelete(found, owned.postedBy, kind);
  await runPlan(c.get("db"), remove(owned));
  return c.body(null, 204);
}
