import type { Database } from "../../db/client";
import type { OidcProviderRow } from "../../db/schema";
import { ApiError, notFound } from "../../lib/errors";
import { authorizationUrl, finishSignIn, type OidcClientConfig, type OidcEnv } from "./client";
import { deploymentProviders } from "./deployment";
import { finishGithubSignIn, githubAuthorizationUrl } from "./github";
import { deploymentSignIn, organizationSignIn } from "./link";
import { findOidcProvider, ORG_PROVIDER_PREFIX, orgClientConfig } from "./providers";
import { startFlow, takeFlow } from "./states";

/**
 * An OIDC (or GitHub: github.ts) sign-in from start to person (docs/security.md, "OIDC"): the
 * start records a single-use state and sends the browser to the provider; the callback takes the state back
 * (bound to the browser's state cookie), lets src/services/oidc/client.ts check the answer and
 * the ID token, and links the person by verified e-mail (link.ts). The session is the route's.
 */

/** The environment of a sign-in: the outbound policy, the deployment's providers, the secret. */
export type SignInEnv = OidcEnv & { OIDC_PROVIDERS?: string; SIGNING_SECRET: string };

/** A provider found by the `provider` a browser names: a deployment id or an org provider's id. */
interface FoundProvider {
  config: OidcClientConfig;
  org: OidcProviderRow | null;
}

/** The provider of `key` (a deployment id, an org provider id, or `org:<id>`), or a 404. */
async function providerOf(db: Database, env: SignInEnv, key: string): Promise<FoundProvider> {
  const deployed = deploymentProviders(env).find((p) => p.key === key);
  if (deployed) return { config: deployed, org: null };
  const id = key.startsWith(ORG_PROVIDER_PREFIX) ? key.slice(ORG_PROVIDER_PREFIX.length) : key;
  const row = id ? await findOidcProvider(db, id) : undefined;
  if (!row) throw notFound("OIDC provider");
  const config = await orgClientConfig(env.SIGNING_SECRET, row);
  if (!config) {
    throw new ApiError(
      409,
      "This provider's client secret does not open: an admin must set it again",
    );
  }
  return { config, org: row };
}

/** Starts a sign-in: the provider's URL and the state cookie's value and lifetime. */
export async function startOidcSignIn(
  db: Database,
  env: SignInEnv,
  input: { provider: string; returnTo: string | null; redirectUri: string },
): Promise<{ url: string; browserSecret: string; maxAgeSeconds: number }> {
  const found = await providerOf(db, env, input.provider);
  const flow = await startFlow(db, found.config.key, input.returnTo);
  const redirectUri = input.redirectUri;
  const url =
    found.config.kind === "github"
      ? await githubAuthorizationUrl(found.config, { ...flow, redirectUri })
      : await authorizationUrl(env, found.config, { ...flow, redirectUri });
  return { url, browserSecret: flow.browserSecret, maxAgeSeconds: flow.maxAgeSeconds };
}

/** Finishes a sign-in from the callback's query: the person signed in, and where to go next. */
export async function finishOidcSignIn(
  db: Database,
  env: SignInEnv,
  input: { query: string; browserSecret: string | null; redirectUri: string },
): Promise<{ userId: string; returnTo: string | null }> {
  const answer = new URLSearchParams(input.query.replace(/^\?/, ""));
  const state = answer.get("state");
  if (!state) throw new ApiError(403, "The provider's answer carries no state: refused");
  const flow = await takeFlow(db, state, input.browserSecret);
  if (flow === null) {
    throw new ApiError(
      403,
      "The provider's answer matches no sign-in under way (unknown, expired or already used state)",
    );
  }
  if (flow === "other-browser") {
    throw new ApiError(403, "This sign-in was started in another browser: start it again here");
  }
  const found = await providerOf(db, env, flow.provider);
  const checks = {
    redirectUri: input.redirectUri,
    state,
    nonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
  };
  const identity =
    found.config.kind === "github"
      ? await finishGithubSignIn(env, found.config, answer, checks)
      : await finishSignIn(env, found.config, answer, checks);
  const userId = found.org
    ? await organizationSignIn(db, found.org, identity)
    : await deploymentSignIn(db, identity);
  return { userId, returnTo: flow.returnTo };
}
