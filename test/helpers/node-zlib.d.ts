// The one node:zlib member the SAML test IdP uses (workerd provides it under nodejs_compat; the
// project has no Node typings): inflating an HTTP-Redirect AuthnRequest synchronously.
declare module "node:zlib" {
  /** Inflates raw DEFLATE (RFC 1951) bytes. */
  export function inflateRawSync(data: Uint8Array): { toString(encoding: "utf8"): string };
}
