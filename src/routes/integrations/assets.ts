import { createRoute, z } from "@hono/zod-openapi";
import { forbidden, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { nowMs } from "../../lib/clock";
import { errorResponses } from "../../api-document/common";
import { integrationExists, verifyAsset } from "../../services/integrations/assets";
import { signingSecretOf } from "../../http/signing-secret";

/**
 * Integration icons and preview images through signed, expiring URLs. Served outside /v1 (no
 * token: an `<img>` cannot send one), only while the integration exists.
 */
export const assetRoutes = createRouter();

assetRoutes.openapi(
  createRoute({
    method: "get",
    path: "/integration-assets",
    tags: ["integrations"],
    summary: "An integration's icon or preview image, through a signed URL (no token needed)",
    security: [],
    request: {
      query: z.object({
        key: z.string().max(256),
        integration: z.string().max(64),
        expires: z.string().max(16),
        sig: z.string().max(128),
      }),
    },
    responses: {
      200: {
        description: "The image bytes, with their Content-Type",
        content: { "image/png": { schema: z.string().openapi({ format: "binary" }) } },
      },
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    c.req.valid("query");
    const link = await verifyAsset(signingSecretOf(c), new URL(c.req.url).searchParams);
    if (!link.ok) throw forbidden(link.reason);
    const [exists, object] = await Promise.all([
      integrationExists(c.get("db"), link.integrationId),
      c.env.FILES.get(link.key),
    ]);
    if (!exists) await object?.body.cancel();
    if (!exists || !object) throw notFound("Asset");
    const expires = Number(new URL(c.req.url).searchParams.get("expires"));
    return c.body(object.body, 200, {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Length": String(object.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": `private, max-age=${Math.max(0, Math.floor(expires - nowMs() / 1000))}`,
    });
  },
);
