import { createRoute, z } from "@hono/zod-openapi";
import { forbidden, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { verifyDownload } from "../../lib/signing";
import { nowMs } from "../../lib/clock";
import { errorResponses } from "../../api-document/common";
import { DownloadQuery } from "../../api/content";
import { fileSafetyHeaders } from "../../../core/files/serving";
import { isSpaceLive } from "../../services/spaces/spaces";
import { signingSecretOf } from "../../http/signing-secret";
import { publicRoute } from "../../http/route-facts";

/** The signed file download: R2 bindings cannot presign, so the Worker serves the bytes. */
export const downloadRoutes = createRouter();

/**
 * The headers of a file's bytes, wherever the API serves them (signed download, stable published
 * URL): the serving rule of core/files/serving.ts, the size and the entity tag.
 */
export function fileHeaders(
  storedType: string,
  name: string | null,
  object: { size: number; httpEtag: string },
): Record<string, string> {
  return {
    ...fileSafetyHeaders(storedType, name),
    "Content-Length": String(object.size),
    ETag: object.httpEtag,
  };
}

downloadRoutes.openapi(
  createRoute({
    method: "get",
    path: "/downloads",
    tags: ["space-content"],
    summary: "Download a file's bytes through a signed, expiring URL (no token needed)",
    security: [],
    middleware: [publicRoute()],
    request: { query: DownloadQuery },
    responses: {
      200: {
        description: "The file's bytes, with its Content-Type",
        content: {
          "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) },
        },
      },
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    c.req.valid("query");
    // The signature is checked before the bucket is read, so a forged link learns nothing.
    const link = await verifyDownload(signingSecretOf(c), new URL(c.req.url).searchParams);
    if (!link.ok) throw forbidden(link.reason);
    // The space is checked with the bytes fetched alongside: a deleted space's links die at once.
    const [live, object] = await Promise.all([
      isSpaceLive(c.get("db"), link.spaceId),
      c.env.FILES.get(link.key),
    ]);
    if (!live) await object?.body.cancel();
    if (!live || !object) throw notFound("File");
    const expires = Number(new URL(c.req.url).searchParams.get("expires"));
    const maxAge = Math.max(0, Math.floor(expires - nowMs() / 1000));
    return c.body(object.body, 200, {
      ...fileHeaders(link.contentType, link.filename, object),
      "Cache-Control": `private, max-age=${maxAge}`,
    });
  },
);
