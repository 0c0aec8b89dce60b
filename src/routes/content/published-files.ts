import { createRoute, z } from "@hono/zod-openapi";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { errorResponses } from "../../api-document/common";
import { fileObjectKey } from "../../services/change-requests/writes";
import { findPublishedFile } from "../../services/content/published-files";
import { fileHeaders } from "./downloads";
import { publicRoute } from "../../http/route-facts";
import { answersNotModified } from "../../../core/requests/conditional";

/** The stable URLs of published files (no token: the file's place in a published site decides). */
export const publishedFileRoutes = createRouter();

/** A year: the bytes behind a content hash never change. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The path of a file's stable published URL under /v1: the site, the content hash, the name. */
export function publishedFilePath(siteId: string, file: { hash: string; name: string }): string {
  return `/published-files/${encodeURIComponent(siteId)}/${file.hash}/${encodeURIComponent(file.name)}`;
}

const Params = z.object({
  siteId: z.string().min(1).max(64),
  hash: z.string().regex(/^[0-9a-f]{64}$/, "a file's SHA-256 content hash"),
});
/** The longer form's parameters: the file's name after its hash (for people, never checked). */
const NamedParams = Params.extend({ name: z.string().max(512) });

/** One handler for both forms of the URL (with or without the trailing name). */
const paths = ["/published-files/{siteId}/{hash}", "/published-files/{siteId}/{hash}/{name}"];

for (const path of paths) {
  publishedFileRoutes.openapi(
    createRoute({
      method: "get",
      path,
      tags: ["space-content"],
      summary:
        "Download a file of published content through its stable URL (immutable, no token needed)",
      description:
        "Files and images of a published site's content keep one URL for as long as a revision " +
        "of a space the site publishes holds the file and the site is published; the bytes " +
        "behind a content hash never change, so the answer is cacheable for a year.",
      security: [],
      middleware: [publicRoute()],
      request: { params: path.endsWith("{name}") ? NamedParams : Params },
      responses: {
        200: {
          description: "The file's bytes, with its Content-Type",
          content: {
            "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) },
          },
        },
        ...errorResponses(404),
      },
    }),
    async (c) => {
      const { siteId, hash } = c.req.valid("param");
      const etag = `"${hash}"`;
      const fresh = answersNotModified(c.req.header("If-None-Match"), etag);
      const [file, object] = await Promise.all([
        findPublishedFile(c.get("db"), siteId, hash),
        fresh ? null : c.env.FILES.get(fileObjectKey(hash)),
      ]);
      if (!file) {
        await object?.body.cancel();
        throw notFound("File");
      }
      if (!object) {
        if (fresh) {
          return c.body(null, 304, { ETag: etag, "Cache-Control": IMMUTABLE });
        }
        throw notFound("File");
      }
      return c.body(object.body, 200, {
        ...fileHeaders(file.contentType, file.name, object),
        ETag: etag,
        "Cache-Control": IMMUTABLE,
      });
    },
  );
}
