import { WorkerEntrypoint } from "cloudflare:workers";
import { FROM_APP, type Bindings } from "./env";

/** The app the gateway hands the app Worker's requests to (the Worker's own Hono app). */
interface FetchApp {
  fetch(request: Request, env: Bindings, ctx: ExecutionContext): Response | Promise<Response>;
}

/**
 * The bindings of a call that came through the app Worker's entrypoint: the Worker's own, marked
 * as the app's. The mark is a symbol, so no variable of a deployment and no header of a client
 * can set it: only this entrypoint, which only a service binding reaches.
 */
export function appBindings(env: Bindings): Bindings {
  return { ...env, [FROM_APP]: true };
}

/**
 * Builds `AppGateway`, the entrypoint the app Worker's `API` service binding names
 * (app/wrangler.toml): the public /v1 API as every client gets it (the browser's cookie, origin
 * and CSRF header decide as they would on a direct call), except that the visitor address the
 * app forwards (`X-Quire-Visitor-Address`) is believed, so each person spends their own
 * rate-limit budget instead of the app spending one for all.
 */
export function appGatewayFor(app: FetchApp) {
  return class AppGateway extends WorkerEntrypoint<Bindings> {
    override fetch(request: Request): Response | Promise<Response> {
      return app.fetch(request, appBindings(this.env), this.ctx);
    }
  };
}
