import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { notFound } from "../../lib/errors";
import { errorResponses } from "../../api-document/common";
import { publishedSpecRaw } from "../../services/openapi-specs/published";
import { PublishedSpecParams } from "../../api/openapi-specs";
import { publicRoute } from "../../http/route-facts";

/** The published copy of public API specifications: no token, raw content as submitted. */
export const publishedSpecRoutes = createRouter();

publishedSpecRoutes.openapi(
  createRoute({
    method: "get",
    path: "/public/openapi/{organizationId}/{specSlug}",
    tags: ["openapi"],
    summary: "Read a public API specification's latest raw content (no token)",
    security: [],
    middleware: [publicRoute()],
    request: { params: PublishedSpecParams },
    responses: {
      200: {
        description: "The specification as submitted (JSON or YAML)",
        content: {
          "application/json": { schema: z.record(z.string(), z.unknown()) },
          "application/yaml": { schema: z.string() },
        },
      },
      ...errorResponses(404),
    },
  }),
  async (c) => {
    const { organizationId, specSlug } = c.req.valid("param");
    const found = await publishedSpecRaw(c.get("db"), c.env.FILES, organizationId, specSlug);
    if (!found) throw notFound("OpenAPI specification");
    return c.body(found.body, 200, {
      "content-type": `${found.contentType}; charset=utf-8`,
      "cache-control": "public, max-age=60",
    });
  },
);
