import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { mountUsers } from "./users";

/** Every area's routes; each area adds one line here. */
export function mountRoutes(app: OpenAPIHono<AppEnv>) {
  mountUsers(app);
}
