import { WorkerEntrypoint } from "cloudflare:workers";
import { FROM_READER, type Bindings } from "./env";

/** The app the gateway hands the reader's requests to (the Worker's own Hono app). */
interface FetchApp {
  fetch(request: Request, env: Bindings, ctx: ExecutionContext): Response | Promise<Response>;
}

/**
 * The bindings of a call that came through the reader's entrypoint: the Worker's own, marked as
 * the reader's. The mark is a symbol, so no variable of a deployment and no header of a client
 * can set it: only this entrypoint, which only a service binding reaches.
 */
export function readerBindings(env: Bindings): Bindings {
  return { ...env, [FROM_READER]: true };
}

/**
 * Builds `ReaderGateway`, the entrypoint the reader Worker's `API` service binding names
 * (reader/wrangler.toml): the public /v1 API as every client gets it, except that the visitor
 * address the reader forwards (`X-Quire-Visitor-Address`) is believed, so each visitor of a
 * published site spends their own rate-limit budget instead of the reader spending one for all.
 */
export function readerGatewayFor(app: FetchApp) {
  return class ReaderGateway extends WorkerEntrypoint<Bindings> {
    override fetch(request: Request): Response | Promise<Response> {
      return app.fetch(request, readerBindings(this.env), this.ctx);
    }
  };
}
