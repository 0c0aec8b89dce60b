import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { insightsRoutes } from "./insights";
import { publishingRoutes } from "./publishing";
import { redirectLookupRoutes } from "./redirect-lookup";
import { redirectRoutes } from "./redirects";
import { sectionGroupRoutes } from "./section-groups";
import { sectionRoutes } from "./sections";
import { settingsRoutes } from "./settings";
import { shareLinkRoutes } from "./share-links";
import { siteSpaceRoutes } from "./site-spaces";
import { siteRoutes } from "./sites";
import { structureRoutes } from "./structure";

/** Mounts the docs-site routes (sites, structure, share links, settings, published) under /v1. */
export function mountSites(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", siteRoutes);
  app.route("/v1", publishingRoutes);
  app.route("/v1", structureRoutes);
  app.route("/v1", siteSpaceRoutes);
  app.route("/v1", sectionRoutes);
  app.route("/v1", sectionGroupRoutes);
  app.route("/v1", shareLinkRoutes);
  app.route("/v1", settingsRoutes);
  app.route("/v1", redirectRoutes);
  app.route("/v1", redirectLookupRoutes);
  app.route("/v1", insightsRoutes);
}
