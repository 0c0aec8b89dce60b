/**
 * What `@simplewebauthn/server` gets for `@peculiar/asn1-android` in this build (wrangler.toml
 * [alias]): the schema of Android key attestation statements, a certificate-chain format Quire
 * never asks for (attestation `none`, like ./no-x509.ts). An Android key statement, should one
 * come, is refused by these stand-ins, never accepted unchecked.
 */

/** The extension id the verifier looks for: matches no certificate (none is parsed). */
export const id_ce_keyDescription = "1.3.6.1.4.1.11129.2.1.17";

/** Stands in for the key description schema: refuses. */
export class KeyDescription {
  constructor() {
    throw new Error(
      "Android key attestation is not verified by this deployment (it asks for attestation 'none')",
    );
  }
}
