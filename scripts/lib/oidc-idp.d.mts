/** A test client as oidc-provider registers it. */
export interface IdpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/** A running test OIDC provider (scripts/lib/oidc-idp.mjs). */
export interface RunningIdp {
  origin: string;
  issuer: string;
  privateJwk: JsonWebKey & { kid: string };
  close(): Promise<void>;
}

/** Starts a real oidc-provider on loopback. */
export function startOidcIdp(options: {
  issuer?: (origin: string) => string;
  clients: IdpClient[];
  port?: number;
}): Promise<RunningIdp>;
