import type { Bindings } from "../env";

/**
 * The one dev-only allowance of the outbound fetcher: loopback addresses (a spec served on
 * localhost, a local LibreTranslate, an integration's dev tunnel, a local OIDC provider) are
 * reachable only when `OUTBOUND_ALLOW_LOOPBACK` is "true" (`npm run dev` and the browser tests
 * set it) AND the deployment's app is itself on this machine (PUBLIC_APP_URL on localhost,
 * 127.0.0.1 or [::1]). A deployment that sets the var by mistake still refuses loopback.
 */

/** The policy's inputs. */
export type LoopbackPolicy = Pick<Bindings, "OUTBOUND_ALLOW_LOOPBACK" | "PUBLIC_APP_URL">;

const LOCAL_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a URL's hostname names this machine (the hosts plain http is ever allowed to). */
export function isLoopbackHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname);
}

/** Whether this deployment is local development that may reach loopback addresses. */
export function devLoopbackAllowed(env: LoopbackPolicy): boolean {
  if (env.OUTBOUND_ALLOW_LOOPBACK !== "true") return false;
  try {
    return isLoopbackHost(new URL(env.PUBLIC_APP_URL).hostname);
  } catch {
    return false;
  }
}
