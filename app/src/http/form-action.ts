import type { Context, Hono } from "hono";
import { isRefusal } from "../api/client";
import { readForm, type FormPost } from "./forms";
import { seeOther } from "./responses";
import type { ScreenEnv } from "./screen-env";

/**
 * How a screen's form acts: one API call, then a redirect to the screen saying what it did
 * (`?done=`), or the screen again with the API's reason and status when it refuses (what the
 * person typed is kept by the browser's back, and the refusal names the field). Every screen's
 * forms (admin, change requests) register through `formAction`.
 */

/** What the screen says after an action (`?done=`), from the screen's own list. */
export function doneMessage(
  c: Context<ScreenEnv>,
  messages: Readonly<Record<string, string>>,
): string | null {
  return messages[c.req.query("done") ?? ""] ?? null;
}

/** A screen's renderer, with a refusal's reason to show and the status to answer with. */
export type Render = (
  c: Context<ScreenEnv>,
  extra: { error?: string | null; done?: string | null },
  status?: number,
) => Promise<Response>;

/**
 * Registers a form post at `path`: reads the form (refusing another site's), runs `call`, then
 * redirects to `back(c, result)` with `?done=<done>`; a refusal of 400, 403, 404 on a sub-item,
 * 409 or 413 renders the screen with its reason and status.
 */
export function formAction<T>(
  routes: Hono<ScreenEnv>,
  path: string,
  options: {
    done: string;
    render: Render;
    back: (c: Context<ScreenEnv>, result: T) => string;
    call: (c: Context<ScreenEnv>, form: FormPost) => Promise<T>;
  },
): void {
  routes.post(path, async (c) => {
    const form = await readForm(c);
    let result: T;
    try {
      result = await options.call(c, form);
    } catch (error) {
      if (!isRefusal(error, 400, 403, 409, 413, 422)) throw error;
      return options.render(c, { error: error.message }, error.status);
    }
    const back = options.back(c, result);
    const join = back.includes("?") ? "&" : "?";
    return seeOther(`${back}${join}done=${options.done}`);
  });
}
