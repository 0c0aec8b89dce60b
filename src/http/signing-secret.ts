import type { Context } from "hono";
import type { AppEnv } from "../env";

/**
 * The deployment's signing secret (cursors, download and asset links, sealed keys), read from
 * the request's bindings in this one place so routes never name the binding.
 */
export function signingSecretOf(c: Context<AppEnv>): string {
  return c.env.SIGNING_SECRET;
}
