import type { ContentfulStatusCode } from "hono/utils/http-status";
import { createRouter } from "./http/router";
import { requestContext } from "./middleware/context";
import { v1Gate } from "./middleware/v1-gate";
import { rateLimit } from "./middleware/rate-limit";
import { securityHeaders } from "./middleware/security-headers";
import { jsonError, onError } from "./middleware/errors";
import { renderReference } from "./api-document/reference";
import type { ReferenceDocument } from "./api-document/reference-model";
import { withMiddlewareAnswers, withOperationIds } from "./api-document/post-process";
import { mountRoutes } from "./routes";
import { createPlatform, type Platform } from "./platform/compose";
import { publicRoute, RouteTable } from "./http/route-facts";

/** Describes the API in its served OpenAPI document. */
const OPENAPI_INFO = {
  title: "Quire",
  version: "1.0.0",
  description:
    "A self-hostable documentation platform API, wire-compatible with GitBook's v1 REST API.",
};

/**
 * Builds the Hono app: middleware, every area's routes, the OpenAPI document and errors, on the
 * platform the Worker was composed with (src/index.ts: the same one its queue consumer uses).
 * Tools that only read the routes (the contract build, document tests) may omit it and get a
 * platform of their own.
 */
export function createApp(platform: Platform = createPlatform()) {
  const app = createRouter();
  // Every route's declared facts (public, reader operation, fixed by revision, body cap) and the
  // methods of every path, read from the routes once they are mounted (below).
  const routes = new RouteTable();
  // The platform's hooks and this isolate's memories, as every request's context variables, with
  // the facts of the request's route.
  app.use("*", requestContext(platform, routes));
  // CORS and security headers on every answer (errors and 429s included); then the rate limit.
  app.use("*", securityHeaders);
  app.use("/v1/*", rateLimit);
  // The SAML service providers (no token): limited per client address like anonymous /v1 calls.
  app.use("/sso/*", rateLimit);
  // In one step (`v1Gate`): the token before the body (an unknown token never gets its body
  // read); a site token's reads carry validators (ETag, a short private max-age) and answer
  // 304s; a body is capped at 1 MiB (or its route's own `ownBodyCap`), large bodies run one at a
  // time per isolate, and a POST's Idempotency-Key is honoured.
  app.use("/v1/*", v1Gate);
  // What is registered from here on is a route, with its facts.
  const firstRoute = app.routes.length;

  mountRoutes(app);

  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
  });
  const docConfig = {
    openapi: "3.1.0",
    info: OPENAPI_INFO,
    security: [{ bearer: [] }],
  };
  // The generated document, completed with what the middleware adds (429, Idempotency-Key) and
  // every operation's operationId; built on first use and kept (the routes are fixed by now).
  let served: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  const document = () =>
    (served ??= withOperationIds(withMiddlewareAnswers(app.getOpenAPI31Document(docConfig))));
  app.get("/v1/openapi.json", publicRoute(), (c) => c.json(document()));
  app.get("/v1/reference", publicRoute(), (c) =>
    c.html(renderReference(document() as unknown as ReferenceDocument, c.req.query("q"))),
  );
  routes.build(app.routes.slice(firstRoute));

  app.notFound((c) => {
    const allowed = c.get("route").allow;
    if (allowed !== null) {
      c.header("Allow", allowed);
      return jsonError(
        c,
        405 as ContentfulStatusCode,
        `Method ${c.req.method} is not allowed on this path`,
      );
    }
    return jsonError(c, 404, `No route matches ${c.req.method} ${c.req.path}`);
  });
  app.onError(onError);
  return app;
}
