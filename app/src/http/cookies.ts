import type { MiddlewareHandler } from "hono";
import { Api } from "../api/client";
import { visitorAddress } from "../api/forwarded";
import type { ScreenEnv } from "./screen-env";

/**
 * Gives each screen request its API client (api/client.ts) and, once the screen has answered,
 * hands the browser every `Set-Cookie` the API answered during it (a new session, a cleared
 * one, the e-mail nonce): the screens never write a cookie of their own.
 */
export const withApi: MiddlewareHandler<ScreenEnv> = async (c, next) => {
  const api = new Api(c.env.API, c.req.raw, visitorAddress(c.req.raw, c.env.CLIENT_ADDRESS_HEADER));
  c.set("api", api);
  await next();
  if (api.setCookies.length === 0) return;
  const res = new Response(c.res.body, c.res);
  for (const cookie of api.setCookies) res.headers.append("Set-Cookie", cookie);
  c.res = res;
};
