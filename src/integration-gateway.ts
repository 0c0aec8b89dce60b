import { WorkerEntrypoint } from "cloudflare:workers";
import type { Bindings } from "./env";
import { createDb } from "./db/client";
import { primarySession } from "./db/session";
import { isInstallationToken, type GatewayProps } from "./services/integrations/gateway";

/** The app the gateway hands allowed requests to (the Worker's own Hono app). */
interface FetchApp {
  fetch(request: Request, env: Bindings, ctx: ExecutionContext): Response | Promise<Response>;
}

function refuse(message: string): Response {
  return Response.json({ error: { code: 403, message } }, { status: 403 });
}

/**
 * Builds the `globalOutbound` of every integration isolate (bound per integration through
 * `ctx.exports` props): a request to Quire's own API origin carrying a token Quire issued to an
 * installation of that integration goes to the app itself; anything else (another host, another
 * credential) is refused with 403 and never reaches the network.
 */
export function integrationGatewayFor(app: FetchApp) {
  return class IntegrationGateway extends WorkerEntrypoint<Bindings, GatewayProps> {
    override async fetch(request: Request): Promise<Response> {
      const { apiOrigin, integrationId } = this.ctx.props;
      if (new URL(request.url).origin !== apiOrigin) {
        return refuse(`Integration scripts may only reach ${apiOrigin}`);
      }
      const token = (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");
      // A session at the primary: a token minted a moment ago must be found.
      const { DB } = this.env;
      if (!(await isInstallationToken(createDb(primarySession(DB)), integrationId, token))) {
        return refuse("Integration scripts may only use the tokens of their environment");
      }
      return app.fetch(request, this.env, this.ctx);
    }
  };
}
