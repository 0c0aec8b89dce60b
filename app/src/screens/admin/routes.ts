import { Hono } from "hono";
import type { ScreenEnv } from "../../http/screen-env";
import { integrationRoutes } from "./integrations/routes";
import { memberRoutes } from "./members/routes";
import { openapiRoutes } from "./openapi/routes";
import { siteRoutes } from "./sites/routes";
import { teamRoutes } from "./teams/routes";

/**
 * The publishing and administration screens of an organization (issue 37): sites, members,
 * teams, integrations and API specifications.
 */
export const adminRoutes = new Hono<ScreenEnv>();

adminRoutes.route("/", siteRoutes);
adminRoutes.route("/", memberRoutes);
adminRoutes.route("/", teamRoutes);
adminRoutes.route("/", integrationRoutes);
adminRoutes.route("/", openapiRoutes);
