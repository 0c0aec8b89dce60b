import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { mountCollections } from "./collections";
import { mountOrganizations } from "./organizations";
import { mountTeams } from "./teams";
import { mountUsers } from "./users";

/** Every area's routes; each area adds one line here. */
export function mountRoutes(app: OpenAPIHono<AppEnv>) {
  mountUsers(app);
  mountOrganizations(app);
  mountTeams(app);
  mountCollections(app);
}
