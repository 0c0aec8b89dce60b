import type { Context } from "hono";
import type { AppEnv } from "../env";
import { FROM_READER } from "../env";
import {
  addressOrNull,
  clientAddress,
  VISITOR_ADDRESS_HEADER,
} from "../../core/requests/client-address";

/**
 * The address a request's budget is kept for: the visitor the reader forwards, on a call through
 * the reader's entrypoint; otherwise the deployment's trusted client-address header. Null when
 * neither names one (local runs, a deployment trusting no header).
 */
export function requestAddress(c: Context<AppEnv>): string | null {
  if (c.env[FROM_READER]) {
    const visitor = addressOrNull(c.req.header(VISITOR_ADDRESS_HEADER));
    if (visitor) return visitor;
  }
  return clientAddress(c.req.raw.headers, c.env.CLIENT_ADDRESS_HEADER);
}
