import { z } from "zod";
import type { Bindings } from "../../env";
import type { OidcClientConfig } from "./client";

/**
 * The deployment's own OIDC providers (e.g. Google, a company's Keycloak), from vars:
 * `OIDC_PROVIDERS` is a JSON array of `{ id, title, issuer, clientId }` and each provider's
 * client secret is the secret `OIDC_<ID>_SECRET` (the id upper-cased, `-` as `_`). A provider
 * whose entry or secret is missing or malformed is not offered (logged once per call).
 */

/** One entry of `OIDC_PROVIDERS`. */
const Entry = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/),
  title: z.string().trim().min(1).max(60),
  issuer: z.url({ protocol: /^https?$/ }).max(2048),
  clientId: z.string().min(1).max(255),
});

/** The bindings read: the list, and the secrets by name. */
type DeploymentEnv = Pick<Bindings, "OIDC_PROVIDERS">;

/** The var that holds a provider's client secret. */
function secretVarOf(id: string): string {
  return `OIDC_${id.toUpperCase().replace(/-/g, "_")}_SECRET`;
}

/** The deployment's configured providers, each with its secret; malformed ones left out. */
export function deploymentProviders(env: DeploymentEnv): OidcClientConfig[] {
  const raw = env.OIDC_PROVIDERS;
  if (!raw) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    console.warn("OIDC_PROVIDERS is not JSON: no deployment OIDC provider is offered");
    return [];
  }
  if (!Array.isArray(list)) return [];
  const secrets = env as unknown as Record<string, unknown>;
  const out: OidcClientConfig[] = [];
  for (const item of list) {
    const entry = Entry.safeParse(item);
    if (!entry.success) {
      console.warn("OIDC_PROVIDERS: an entry is malformed and not offered");
      continue;
    }
    const secret = secrets[secretVarOf(entry.data.id)];
    if (typeof secret !== "string" || !secret) {
      console.warn(`OIDC provider ${entry.data.id}: ${secretVarOf(entry.data.id)} is not set`);
      continue;
    }
    if (out.some((p) => p.key === entry.data.id)) continue;
    out.push({ key: entry.data.id, ...entry.data, clientSecret: secret });
  }
  return out;
}

/** The deployment's providers as `GET /v1/sessions/ways` lists them: id and title only. */
export function deploymentOidcWays(env: DeploymentEnv): { id: string; title: string }[] {
  return deploymentProviders(env).map((p) => ({ id: p.key, title: p.title }));
}
