import { openValue, sealValue } from "../../lib/sealed";

/**
 * The SP private keys of SAML providers, sealed at rest (src/lib/sealed.ts: AES-GCM under a key
 * derived from the deployment's SIGNING_SECRET, with the provider id as authenticated data), so
 * a key copied to another provider's row, or read from the database alone, does not open.
 */

/** The purpose SP keys were always sealed for (the HKDF salt): stored keys keep opening. */
const PURPOSE = "quire saml sp key";

/** Seals a provider's PKCS#8 private key (base64) for storage: base64url of nonce + ciphertext. */
export function sealSpKey(
  secret: string,
  providerId: string,
  pkcs8Base64: string,
): Promise<string> {
  return sealValue(secret, PURPOSE, providerId, pkcs8Base64);
}

/** Opens a sealed SP key; null when it does not open with this secret and provider id. */
export function openSpKey(
  secret: string,
  providerId: string,
  stored: string,
): Promise<string | null> {
  return openValue(secret, PURPOSE, providerId, stored);
}
