import type { Api } from "../api/client";
import type { AppBindings } from "../env";

/** Hono's environment of a screen: the bindings and the request's API client. */
export interface ScreenEnv {
  Bindings: AppBindings;
  Variables: { api: Api };
}
