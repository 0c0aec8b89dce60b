import type { Context } from "hono";
import type { AppEnv } from "../env";

/** Absolute API URL of a resource, built from the request's own origin. */
export function apiUrl(c: Context<AppEnv>, path: string): string {
  return `${new URL(c.req.url).origin}/v1${path}`;
}

/** URL in the web app, from the configured public base URL. */
export function appUrl(c: Context<AppEnv>, path: string): string {
  return `${c.env.PUBLIC_APP_URL.replace(/\/+$/, "")}${path}`;
}
