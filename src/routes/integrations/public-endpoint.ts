import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { publicRoute } from "../../http/route-facts";
import { createOutbound } from "../../outbound";
import { IntegrationName } from "../../api/integrations";
import {
  dispatchFetch,
  loadEndpointTarget,
  MAX_FETCH_BODY_BYTES,
} from "../../services/integrations/endpoint";

/**
 * The public HTTP endpoints of integrations (official `urls.publicEndpoint`), for every method and
 * sub-path, no token. Each request becomes a `fetch` event of the script (or the dev tunnel)
 * and its answer is returned as is.
 */
export const publicEndpointRoutes = createRouter();

/** Response headers a script may not set on Quire's origin. */
const DROPPED_HEADERS: ReadonlySet<string> = new Set([
  "set-cookie",
  "content-length",
  "transfer-encoding",
  "connection",
]);

async function handle(c: Context<AppEnv>, installationId: string | null) {
  const name = c.req.param("integrationName") ?? "";
  if (!IntegrationName.safeParse(name).success) throw notFound("Integration");
  const target = await loadEndpointTarget(c.get("db"), name, installationId);
  if (!target) throw notFound(installationId ? "Installation" : "Integration");
  const raw = c.req.raw;
  const body =
    raw.method === "GET" || raw.method === "HEAD" ? null : new Uint8Array(await raw.arrayBuffer());
  if (body && body.byteLength > MAX_FETCH_BODY_BYTES) {
    throw new ApiError(413, "The request body is larger than integrations accept (1 MiB)");
  }
  const headers: Record<string, string> = {};
  raw.headers.forEach((value, key) => {
    if (key !== "authorization" && key !== "cookie") headers[key] = value;
  });
  const delivery = await dispatchFetch(c.get("db"), c.env, createOutbound(c.env), target, {
    url: raw.url,
    method: raw.method,
    headers,
    body,
  });
  if (!delivery.response) {
    throw new ApiError(502, `The integration did not answer: ${delivery.error ?? "unknown error"}`);
  }
  const out = new Headers();
  for (const [key, value] of delivery.response.headers) {
    if (!DROPPED_HEADERS.has(key.toLowerCase())) out.append(key, value);
  }
  const status = delivery.response.status;
  const nullBody = status === 204 || status === 205 || status === 304 || raw.method === "HEAD";
  return new Response(nullBody ? null : new Uint8Array(delivery.response.body), {
    status,
    headers: out,
  });
}

const INSTALLATION = "/integrations/:integrationName/installations/:installationId/endpoint";
const INTEGRATION = "/integrations/:integrationName/integration";

publicEndpointRoutes.all(INSTALLATION, publicRoute(), (c) =>
  handle(c, c.req.param("installationId")),
);
publicEndpointRoutes.all(`${INSTALLATION}/*`, publicRoute(), (c) =>
  handle(c, c.req.param("installationId")),
);
publicEndpointRoutes.all(INTEGRATION, publicRoute(), (c) => handle(c, null));
publicEndpointRoutes.all(`${INTEGRATION}/*`, publicRoute(), (c) => handle(c, null));
