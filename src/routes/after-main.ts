import type { Context } from "hono";
import type { AppEnv } from "../env";
import { backgroundOf } from "../http/background";
import type { AfterMain } from "../services/content/main-hooks";

/** What follows a write on main in this request: the app's hooks, in the request's background. */
export function afterMainOf(c: Context<AppEnv>): AfterMain {
  return { hooks: c.get("mainRevisionHooks"), background: backgroundOf(c), jobs: c.env.JOBS };
}
