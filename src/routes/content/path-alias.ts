import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../env";
import { badRequest } from "../../lib/errors";
import { describeZodError } from "../../http/validation";
import { pathBody } from "./handlers";
import { PathQuery } from "../../api/content";
import type { ContentTarget } from "../../auth/content-target";

/** Decodes one path segment; a malformed escape stays as written (and matches no slug). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Serves the page-by-path read when the page path keeps its slashes unencoded
 * (`…/content/path/guides/install`), as GitBook's own client sends it. The documented route
 * (`{pagePath}`, one segment, `%2F` for slashes) answers single segments first; this alias,
 * registered after it with a wildcard, takes the deeper paths and answers identically.
 */
export function mountPathAlias<P extends z.ZodType>(
  router: OpenAPIHono<AppEnv>,
  pattern: string,
  params: P,
  target: (c: Context<AppEnv>, params: z.infer<P>) => Promise<ContentTarget>,
  middleware: MiddlewareHandler<AppEnv>[] = [],
) {
  const start = pattern.split("/").filter(Boolean).indexOf("*");
  // The documented route's own facts (`middleware`), then the read.
  router.on(["GET"], [pattern], ...middleware, async (c: Context<AppEnv>) => {
    const parsedParams = params.safeParse(c.req.param());
    if (!parsedParams.success) throw badRequest(describeZodError(parsedParams.error, "param"));
    const query = PathQuery.safeParse(c.req.query());
    if (!query.success) throw badRequest(describeZodError(query.error, "query"));
    // The path under /v1, as sent: segments after the wildcard's position are the page path.
    const segments = new URL(c.req.url).pathname.split("/").filter(Boolean).slice(1);
    const pagePath = segments.slice(start).map(decodeSegment).join("/");
    const t = await target(c, parsedParams.data);
    return c.json(await pathBody(c, t, pagePath, query.data), 200);
  });
}
