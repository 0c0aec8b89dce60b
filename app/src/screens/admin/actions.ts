import type { Context } from "hono";
import type { Organization } from "../../api/types";
import type { ScreenEnv } from "../../http/screen-env";
import { personOr, type SignedIn } from "../../session/session";

/**
 * How the admin screens load: the signed-in person and the organization of the path (an
 * organization the person cannot see is the API's 404, the same page as for nothing). Their form
 * posts go through http/form-action.ts, as every screen's do.
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
