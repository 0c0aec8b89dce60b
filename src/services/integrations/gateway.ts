import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Bindings } from "../../env";
import { apiTokens, integrationInstallations } from "../../db/schema/index";
import { sha256Hex } from "../../lib/crypto";

/** What an integration isolate's gateway knows: its integration and Quire's API origin. */
export interface GatewayProps {
  integrationId: string;
  apiOrigin: string;
}

/** The shape of the `IntegrationGateway` loopback binding in `ctx.exports`. */
type GatewayFactory = (options: { props: GatewayProps }) => Fetcher;

/**
 * Read through a variable so the Node bundle of the app (the contract build) does not try to
 * resolve a workerd-only module; inside workerd it is the ordinary built-in.
 */
const WORKERS_MODULE = "cloudflare:workers";

/** workerd's `cloudflare:workers` module: the Worker's exports and its env, outside a request. */
async function workersModule(): Promise<{
  exports?: Record<string, unknown>;
  env?: Partial<Bindings>;
}> {
  return (await import(/* @vite-ignore */ WORKERS_MODULE)) as {
    exports?: Record<string, unknown>;
    env?: Partial<Bindings>;
  };
}

/**
 * The `globalOutbound` of an integration's isolate: the `IntegrationGateway` entrypoint that
 * src/index.ts exports, bound to this integration (see src/integration-gateway.ts).
 */
export async function gatewayFor(props: GatewayProps): Promise<Fetcher> {
  const mod = await workersModule();
  const factory = mod.exports?.IntegrationGateway as GatewayFactory | undefined;
  if (typeof factory !== "function") {
    throw new Error("the IntegrationGateway entrypoint is not exported by the Worker");
  }
  return factory({ props });
}

/**
 * Whether `token` is one Quire issued to an installation of `integrationId` (a token of one of
 * its bot users): the only credentials an integration script may present to the API.
 */
export async function isInstallationToken(
  db: Database,
  integrationId: string,
  token: string,
): Promise<boolean> {
  if (!token) return false;
  const digest = await sha256Hex(token);
  const [row] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .innerJoin(
      integrationInstallations,
      and(
        eq(integrationInstallations.botUserId, apiTokens.userId),
        eq(integrationInstallations.integrationId, integrationId),
      ),
    )
    .where(eq(apiTokens.digest, digest))
    .limit(1);
  return row !== undefined;
}

/** Quire's API origin as integrations see it (`environment.apiEndpoint`). */
export function apiOriginOf(env: { PUBLIC_APP_URL: string }): string {
  return new URL(env.PUBLIC_APP_URL).origin;
}
