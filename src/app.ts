import type { ContentfulStatusCode } from "hono/utils/http-status";
import { createRouter } from "./lib/router";
import { requestContext } from "./middleware/context";
import { bearerAuth } from "./middleware/auth";
import { limitBody } from "./middleware/body-limit";
import { idempotency } from "./middleware/idempotency";
import { RateLimitWindows, rateLimit } from "./middleware/rate-limit";
import { securityHeaders } from "./middleware/security-headers";
import { jsonError, onError } from "./middleware/errors";
import { renderReference } from "./openapi/reference";
import { withMiddlewareAnswers } from "./openapi/post-process";
import { mountRoutes } from "./routes";
import { indexSearchAfterMain } from "./services/search/indexer";
import { notifyIntegrationsAfterMain } from "./services/integration-runtime/space-hook";
import { VerifiedTokens } from "./auth/verified-tokens";
import { LargeBodyGate, largeBodies } from "./middleware/large-bodies";

/** Describes the API in its served OpenAPI document. */
const OPENAPI_INFO = {
  title: "Quire",
  version: "1.0.0",
  description:
    "A self-hostable documentation platform API, wire-compatible with GitBook's v1 REST API.",
};

/** Builds the Hono app: middleware, every area's routes, the OpenAPI document and errors. */
export function createApp() {
  const app = createRouter();
  // The work after each new main revision, handed to the routes that write main, and this
  // isolate's memory of recently verified tokens.
  app.use(
    "*",
    requestContext({
      mainRevisionHooks: [notifyIntegrationsAfterMain, indexSearchAfterMain],
      verifiedTokens: new VerifiedTokens(),
      largeBodyGate: new LargeBodyGate(),
      rateLimitWindows: new RateLimitWindows(),
    }),
  );
  // CORS and security headers on every answer (errors and 429s included); then the rate limit.
  app.use("*", securityHeaders);
  app.use("/v1/*", rateLimit);
  // The SAML service providers (no token): limited per client address like anonymous /v1 calls.
  app.use("/sso/*", rateLimit);
  // The token before the body: an unknown token never gets its body read.
  app.use("/v1/*", bearerAuth);
  // The content batch documents a larger cap (20 files of 1 MB in base64) and mounts its own.
  const defaultLimit = limitBody();
  const ownLimit = /^\/v1\/spaces\/[^/]+\/change-requests\/[^/]+\/content$/;
  // Publishing an integration carries its script (up to 5 MiB) and images: its own cap too.
  const publishLimit = /^\/v1\/integrations\/[^/]+$/;
  // API spec writes (POST the list, PUT a slug) carry texts up to 10 MiB: their own cap too.
  const specLimit = /^\/v1\/orgs\/[^/]+\/openapi(\/[^/]+)?$/;
  const specWrite = (method: string, path: string) =>
    (method === "POST" || method === "PUT") && specLimit.test(path);
  app.use("/v1/*", (c, next) =>
    (c.req.method === "POST" && (ownLimit.test(c.req.path) || publishLimit.test(c.req.path))) ||
    specWrite(c.req.method, c.req.path)
      ? next()
      : defaultLimit(c, next),
  );

  // Large bodies one at a time per isolate, so small requests stay answered between them.
  app.use("/v1/*", largeBodies);
  app.use("/v1/*", idempotency);

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
  // The generated document, completed with what the middleware adds (429, Idempotency-Key).
  const document = () => withMiddlewareAnswers(app.getOpenAPI31Document(docConfig));
  app.get("/v1/openapi.json", (c) => c.json(document()));
  app.get("/v1/reference", (c) =>
    c.html(renderReference(document() as unknown as Parameters<typeof renderReference>[0])),
  );

  app.notFound((c) => {
    const allowed = allowedMethods(app.routes, c.req.path);
    if (allowed.length > 0) {
      c.header("Allow", allowed.join(", "));
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

/** The methods some route serves on a path, so a wrong method answers 405 rather than 404. */
function allowedMethods(routes: { method: string; path: string }[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    const pattern = new RegExp(`^${route.path.replace(/:[A-Za-z0-9_]+/g, "[^/]+")}/?$`);
    if (pattern.test(path)) methods.add(route.method);
  }
  return [...methods].sort();
}
