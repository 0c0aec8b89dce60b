import { SignedXml } from "xml-crypto";
import type { XmlElement } from "@xmldom/xmldom/lib/index.js";
import { SamlRefusal } from "./types";
import { children, NS_DSIG } from "./xml";

const SIGNATURE_ALGORITHMS = new Set([
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512",
]);
const DIGEST_ALGORITHMS = new Set([
  "http://www.w3.org/2001/04/xmlenc#sha256",
  "http://www.w3.org/2001/04/xmlenc#sha512",
]);
const TRANSFORMS = new Set([
  "http://www.w3.org/2000/09/xmldsig#enveloped-signature",
  "http://www.w3.org/2001/10/xml-exc-c14n#",
  "http://www.w3.org/2001/10/xml-exc-c14n#WithComments",
  "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
  "http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments",
]);

/** The one child element of this name, or a refusal (a signature shaped otherwise is not read). */
function one(
  parent: XmlElement,
  name: string,
  code: "bad_signature" | "wrapping" = "bad_signature",
) {
  const found = children(parent, NS_DSIG, name);
  if (found.length !== 1)
    throw new SamlRefusal(code, `the Signature must have exactly one ${name}`);
  return found[0] as XmlElement;
}

/**
 * Checks the shape of an enveloped signature before the cryptography: RSA-SHA256/512 only (SHA-1
 * is refused), one Reference, and that Reference names its own parent element by ID (a signature
 * that covers some other element is the wrapping attack's tell).
 */
function checkShape(signature: XmlElement, parent: XmlElement): void {
  const signedInfo = one(signature, "SignedInfo");
  const method = one(signedInfo, "SignatureMethod").getAttribute("Algorithm") ?? "";
  if (!SIGNATURE_ALGORITHMS.has(method)) {
    throw new SamlRefusal(
      "bad_signature",
      `signature algorithm ${method || "(none)"} is refused; use RSA-SHA256`,
    );
  }
  const reference = one(signedInfo, "Reference", "wrapping");
  const id = parent.getAttribute("ID");
  if (!id || reference.getAttribute("URI") !== `#${id}`) {
    throw new SamlRefusal(
      "wrapping",
      `the ${parent.localName ?? "element"}'s Signature references another element`,
    );
  }
  const digest = one(reference, "DigestMethod").getAttribute("Algorithm") ?? "";
  if (!DIGEST_ALGORITHMS.has(digest)) {
    throw new SamlRefusal(
      "bad_signature",
      `digest algorithm ${digest || "(none)"} is refused; use SHA-256`,
    );
  }
  const transforms = children(reference, NS_DSIG, "Transforms").flatMap((t) =>
    children(t, NS_DSIG, "Transform"),
  );
  for (const transform of transforms) {
    if (!TRANSFORMS.has(transform.getAttribute("Algorithm") ?? "")) {
      throw new SamlRefusal(
        "bad_signature",
        "the signature uses a transform other than enveloped-signature and C14N",
      );
    }
  }
}

/**
 * Verifies the enveloped `signature` of `parent` in the document `xml` against the IdP's public
 * key (SPKI PEM; the KeyInfo of the message is ignored) with xml-crypto, and returns the canonical
 * XML of the one signed reference: the caller reads that, never the original nodes.
 */
export function verifyEnveloped(
  xml: string,
  signature: XmlElement,
  parent: XmlElement,
  keyPem: string,
): string {
  checkShape(signature, parent);
  const verifier = new SignedXml({ publicCert: keyPem, getCertFromKeyInfo: () => null });
  let valid: boolean;
  try {
    verifier.loadSignature(signature);
    valid = verifier.checkSignature(xml);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/same value for the ID/i.test(message)) {
      throw new SamlRefusal("wrapping", "several elements carry the signed ID");
    }
    throw new SamlRefusal(
      "bad_signature",
      "the signature does not verify with the provider's certificate",
    );
  }
  if (!valid)
    throw new SamlRefusal(
      "bad_signature",
      "the signature does not verify with the provider's certificate",
    );
  const signed = verifier.getSignedReferences();
  if (signed.length !== 1 || !signed[0])
    throw new SamlRefusal("wrapping", "the signature must cover exactly one element");
  return signed[0];
}
