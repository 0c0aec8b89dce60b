import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { validationHook } from "./validation";

/** Every area's router: OpenAPI-described routes sharing the one validation hook. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
