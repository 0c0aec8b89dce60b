import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { mountChangeRequests } from "./change-requests";
import { mountCollections } from "./collections";
import { mountComments } from "./comments";
import { mountContent } from "./content";
import { mountConversations } from "./conversations";
import { mountLinks } from "./links";
import { mountOrganizations } from "./organizations";
import { mountOpenAPISpecs } from "./openapi-specs";
import { mountPdf } from "./pdf";
import { mountIntegrations } from "./integrations";
import { mountSearch } from "./search";
import { mountSessions } from "./sessions";
import { mountSites } from "./sites";
import { mountSpaces } from "./spaces";
import { mountSso } from "./sso";
import { mountOidc } from "./oidc";
import { mountPasskeys } from "./passkeys";
import { mountTeams } from "./teams";
import { mountTranslations } from "./translations";
import { mountUrls } from "./urls";
import { mountUsers } from "./users";

/** Every area's routes; each area adds one line here. */
export function mountRoutes(app: OpenAPIHono<AppEnv>) {
  mountUsers(app);
  mountSessions(app);
  mountOrganizations(app);
  mountTeams(app);
  mountOpenAPISpecs(app);
  mountTranslations(app);
  mountCollections(app);
  mountSpaces(app);
  mountChangeRequests(app);
  mountConversations(app);
  mountContent(app);
  mountLinks(app);
  mountComments(app);
  mountSearch(app);
  mountSites(app);
  mountPdf(app);
  mountIntegrations(app);
  mountSso(app);
  mountOidc(app);
  mountPasskeys(app);
  mountUrls(app);
}
