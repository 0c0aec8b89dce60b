import type { IdpKey } from "./certificates";
import { SamlRefusal } from "./types";

// The XML-DSig signature and digest algorithms Quire accepts, mapped onto WebCrypto. SHA-1 is
// refused. ECDSA signatures are the raw r||s concatenation (RFC 4050, RFC 6931 §2.3.6), which is
// WebCrypto's own ECDSA encoding (IEEE P1363): the bytes are verified as they come.

type Hash = "SHA-256" | "SHA-384" | "SHA-512";

/** A SignatureMethod: the key it needs and how WebCrypto imports and verifies with it. */
interface SignatureMethod {
  label: string;
  hash: Hash;
  key: IdpKey["key"];
}

const SIGNATURE_METHODS: Record<string, SignatureMethod> = {
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256": {
    label: "RSA-SHA256",
    hash: "SHA-256",
    key: { kind: "RSA" },
  },
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512": {
    label: "RSA-SHA512",
    hash: "SHA-512",
    key: { kind: "RSA" },
  },
  "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256": {
    label: "ECDSA-SHA256",
    hash: "SHA-256",
    key: { kind: "EC", curve: "P-256" },
  },
  "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384": {
    label: "ECDSA-SHA384",
    hash: "SHA-384",
    key: { kind: "EC", curve: "P-384" },
  },
};

const DIGEST_METHODS: Record<string, Hash> = {
  "http://www.w3.org/2001/04/xmlenc#sha256": "SHA-256",
  "http://www.w3.org/2001/04/xmlenc#sha512": "SHA-512",
};

/** The size in bytes of one of r and s on each curve. */
const SCALAR_BYTES = { "P-256": 32, "P-384": 48 } as const;

const describe = (key: IdpKey["key"]) =>
  key.kind === "RSA" ? "an RSA key" : `an EC ${key.curve} key`;

/**
 * The SignatureMethod of this identifier, or a refusal: unknown algorithms (SHA-1 among them), and
 * an algorithm the provider's key cannot have made (RSA vs EC, or an ECDSA hash paired with
 * another curve: P-256 signs with SHA-256, P-384 with SHA-384).
 */
export function signatureMethod(uri: string, key: IdpKey["key"]): SignatureMethod {
  const method = SIGNATURE_METHODS[uri];
  if (!method) {
    throw new SamlRefusal(
      "bad_signature",
      `signature algorithm ${uri || "(none)"} is refused; use RSA-SHA256, or ECDSA-SHA256/384 with an EC certificate`,
    );
  }
  const matches =
    method.key.kind === key.kind &&
    (method.key.kind === "RSA" || (key.kind === "EC" && method.key.curve === key.curve));
  if (!matches) {
    throw new SamlRefusal(
      "bad_signature",
      `the signature algorithm ${method.label} needs ${describe(method.key)}; the provider's certificate holds ${describe(key)}`,
    );
  }
  return method;
}

/** The WebCrypto hash of a DigestMethod, or a refusal. */
export function digestMethod(uri: string): Hash {
  const hash = DIGEST_METHODS[uri];
  if (!hash) {
    throw new SamlRefusal(
      "bad_signature",
      `digest algorithm ${uri || "(none)"} is refused; use SHA-256`,
    );
  }
  return hash;
}

/** Verifies `signature` over `data` with the provider's key, by WebCrypto. */
export async function verifySignatureValue(
  method: SignatureMethod,
  idpKey: IdpKey,
  signature: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  const key = idpKey.key;
  if (key.kind === "EC" && signature.length !== 2 * SCALAR_BYTES[key.curve]) {
    throw new SamlRefusal(
      "bad_signature",
      `an ${method.label} signature is r||s, ${2 * SCALAR_BYTES[key.curve]} bytes (RFC 4050); this one has ${signature.length}`,
    );
  }
  let imported: CryptoKey;
  try {
    imported = await crypto.subtle.importKey(
      "spki",
      idpKey.spki,
      key.kind === "RSA"
        ? { name: "RSASSA-PKCS1-v1_5", hash: method.hash }
        : { name: "ECDSA", namedCurve: key.curve },
      false,
      ["verify"],
    );
  } catch {
    throw new SamlRefusal("bad_signature", "the provider's certificate key cannot be imported");
  }
  const algorithm =
    key.kind === "RSA" ? { name: "RSASSA-PKCS1-v1_5" } : { name: "ECDSA", hash: method.hash };
  return crypto.subtle.verify(algorithm, imported, signature, data).catch(() => false);
}
