// The one node:crypto member src/saml uses (workerd provides it under nodejs_compat; the project
// has no Node typings): a synchronous SHA-256 for certificate fingerprints.
declare module "node:crypto" {
  /** A running hash. */
  interface Hash {
    update(data: Uint8Array): Hash;
    digest(encoding: "hex"): string;
  }
  /** Starts a hash of this algorithm ("sha256"). */
  export function createHash(algorithm: string): Hash;
}
