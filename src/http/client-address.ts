import type { Context } from "hono";
import type { AppEnv } from "../env";
import { FROM_APP, FROM_READER } from "../env";
import {
  addressOrNull,
  clientAddress,
  VISITOR_ADDRESS_HEADER,
} from "../../core/requests/client-address";

/**
 * The address a request's budget is kept for: the visitor the reader or the app forwards, on a
 * call through their entrypoints; otherwise the deployment's trusted client-address header. Null when
 * neither names one (local runs, a deployment trusting no header).
 */
export function requestAddress(c: Context<AppEnv>): string | null {
  if (c.env[FROM_READER] || c.env[FROM_APP]) {
    const visitor = addressOrNull(c.req.header(VISITOR_ADDRESS_HEADER));
    if (visitor) return visitor;
  }
  return clientAddress(c.req.raw.headers, c.env.CLIENT_ADDRESS_HEADER);
}
