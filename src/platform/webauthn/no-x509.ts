/**
 * What `@simplewebauthn/server` gets for `@peculiar/x509` in this build (wrangler.toml [alias]):
 * the certificate chain checks of attestation statements (packed with x5c, TPM, Android key,
 * FIDO U2F, Apple) and of the FIDO metadata service. Quire asks for attestation `none`
 * (src/services/passkeys/register.ts), so no registration reaches them; the library with
 * reflect-metadata weighs ≈ 34 KiB gzipped. Should an authenticator send a certificate chain
 * anyway, its registration is refused with this error (a 403 naming it), never accepted unchecked.
 */

/** The one refusal of every class below. */
function refuse(): never {
  throw new Error(
    "attestation certificates are not verified by this deployment (it asks for attestation 'none')",
  );
}

/** Stands in for `@peculiar/x509`'s certificate: refuses. */
export class X509Certificate {
  constructor() {
    refuse();
  }
}

/** Stands in for `@peculiar/x509`'s chain builder: refuses. */
export class X509ChainBuilder {
  constructor() {
    refuse();
  }
}

/** Stands in for `@peculiar/x509`'s CRL: refuses. */
export class X509Crl {
  constructor() {
    refuse();
  }
}

/** Stands in for `@peculiar/x509`'s extension: refuses. */
export class AuthorityKeyIdentifierExtension {
  constructor() {
    refuse();
  }
}

/** Stands in for `@peculiar/x509`'s extension: refuses. */
export class CRLDistributionPointsExtension {
  constructor() {
    refuse();
  }
}

/** Stands in for `@peculiar/x509`'s extension: refuses. */
export class SubjectKeyIdentifierExtension {
  constructor() {
    refuse();
  }
}
