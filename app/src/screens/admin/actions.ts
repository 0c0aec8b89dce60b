import type { Context, Hono } from "hono";
import { isRefusal } from "../../api/client";
import type { Organization } from "../../api/types";
import { readForm, type FormPost } from "../../http/forms";
import { seeOther } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { personOr, type SignedIn } from "../../session/session";

/**
 * How the admin screens load and act: the signed-in person and the organization of the path (an
 * organization the person cannot see is the API's 404, the same page as for nothing), and each
 * form post as one API call followed by a redirect to the screen saying what it did, or the
 * screen again with the API's reason when it refuses (what the person typed is kept by the
 * browser's back, and the refusal names the field).
 */

/** The API path of the organization of `c`'s `:org` parameter. */
export function orgApiPath(c: Context<ScreenEnv>): string {
  return `/orgs/${encodeURIComponent(c.req.param("org") ?? "")}`;
}

/** A path parameter, encoded for an API path. */
export function param(c: Context<ScreenEnv>, name: string): string {
  return encodeURIComponent(c.req.param(name) ?? "");
}

/** The person and the organization of an admin screen, or the sign-in redirect. */
export async function personAndOrg(
  c: Context<ScreenEnv>,
): Promise<{ person: SignedIn; org: Organization } | Response> {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const org = await c.var.api.get<Organization>(orgApiPath(c));
  return { person, org };
}

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
