import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { mountChangeRequests } from "./change-requests";
import { mountCollections } from "./collections";
import { mountComments } from "./comments";
import { mountContent } from "./content";
import { mountLinks } from "./links";
import { mountOrganizations } from "./organizations";
import { mountPdf } from "./pdf";
import { mountSearch } from "./search";
import { mountSites } from "./sites";
import { mountSpaces } from "./spaces";
import { mountTeams } from "./teams";
import { mountUsers } from "./users";

/** Every area's routes; each area adds one line here. */
export function mountRoutes(app: OpenAPIHono<AppEnv>) {
  mountUsers(app);
  mountOrganizations(app);
  mountTeams(app);
  mountCollections(app);
  mountSpaces(app);
  mountChangeRequests(app);
  mountContent(app);
  mountLinks(app);
  mountComments(app);
  mountSearch(app);
  mountSites(app);
  mountPdf(app);
}
