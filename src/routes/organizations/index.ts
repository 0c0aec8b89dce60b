import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { mountMembers } from "../members";
import { contentRoutes } from "./content";
import { domainRoutes } from "./domains";
import { inviteJoinRoutes } from "./invite-join";
import { inviteRoutes } from "./invites";
import { joinRoutes } from "./join";
import { organizationRoutes } from "./orgs";

/** Mounts the organizations routes (and the members area) under /v1. */
export function mountOrganizations(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", organizationRoutes);
  app.route("/v1", inviteRoutes);
  app.route("/v1", inviteJoinRoutes);
  app.route("/v1", joinRoutes);
  app.route("/v1", contentRoutes);
  app.route("/v1", domainRoutes);
  mountMembers(app);
}
