import type { XmlElement } from "@xmldom/xmldom/lib/index.js";
import { C14N_METHODS, canonicalize, type C14nOptions } from "./c14n";
import type { IdpKey } from "./certificates";
import { base64Of, bytesOfBase64 } from "./der";
import { digestMethod, signatureMethod, verifySignatureValue } from "./dsig-algorithms";
import { SamlRefusal } from "./types";
import { children, NS_DSIG } from "./xml";

// XML-DSig enveloped signatures, verified as SAML needs them and no further: one same-document
// Reference to the signed element's own ID, the enveloped-signature and C14N transforms, digest
// and signature through WebCrypto. KeyInfo is never read: the provider's certificate is the key.

const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const NS_EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const INCLUSIVE_C14N = { exclusive: false, comments: false };

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

/** The C14N options named by a CanonicalizationMethod or Transform element (with its PrefixList). */
function c14nOf(method: XmlElement): C14nOptions | null {
  const flags = C14N_METHODS[method.getAttribute("Algorithm") ?? ""];
  if (!flags) return null;
  const list = children(method, NS_EXC_C14N, "InclusiveNamespaces")[0]?.getAttribute("PrefixList");
  return flags.exclusive && list
    ? { ...flags, inclusivePrefixes: list.split(/\s+/).filter(Boolean) }
    : { ...flags };
}

/** Base64 text (whitespace ignored) as bytes; a refusal when it is not base64. */
function base64Bytes(text: string | null): Uint8Array<ArrayBuffer> {
  const compact = (text ?? "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length % 4 !== 0) {
    throw new SamlRefusal("bad_signature", "the signature's values are not base64");
  }
  return bytesOfBase64(compact);
}

/** Refuses a signed ID that more than one element of the document carries (the wrapping tell). */
function checkUniqueId(parent: XmlElement, id: string): void {
  let count = 0;
  const visit = (element: XmlElement) => {
    for (const attr of Array.from(element.attributes)) {
      if (/^(ID|Id|id)$/.test(attr.localName ?? "") && attr.value === id) count++;
    }
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === 1) visit(child as XmlElement);
    }
  };
  const root = parent.ownerDocument?.documentElement;
  if (root) visit(root);
  if (count > 1) throw new SamlRefusal("wrapping", "several elements carry the signed ID");
}

/**
 * The canonical bytes the one Reference covers: its own parent element, by ID, through the
 * enveloped-signature transform and at most one C14N transform (Canonical XML 1.0 when none is
 * named, as XML-DSig says). Any other transform is refused.
 */
function referencedXml(signature: XmlElement, parent: XmlElement, reference: XmlElement): string {
  const id = parent.getAttribute("ID");
  if (!id || reference.getAttribute("URI") !== `#${id}`) {
    throw new SamlRefusal(
      "wrapping",
      `the ${parent.localName ?? "element"}'s Signature references another element`,
    );
  }
  checkUniqueId(parent, id);
  let c14n: C14nOptions | null = null;
  let enveloped = false;
  const transforms = children(reference, NS_DSIG, "Transforms").flatMap((t) =>
    children(t, NS_DSIG, "Transform"),
  );
  for (const transform of transforms) {
    const method = c14nOf(transform);
    if (transform.getAttribute("Algorithm") === ENVELOPED) enveloped = true;
    else if (method && !c14n) c14n = method;
    else {
      throw new SamlRefusal(
        "bad_signature",
        "the signature uses a transform other than enveloped-signature and one C14N",
      );
    }
  }
  return canonicalize(parent, { ...(c14n ?? INCLUSIVE_C14N), omit: enveloped ? signature : null });
}

/**
 * Verifies the enveloped `signature` of `parent` against the IdP's public key (the KeyInfo of the
 * message is ignored) and returns the canonical XML of the one signed reference: the caller reads
 * that, never the original nodes. The shape is checked before any cryptography: an accepted
 * algorithm matching the key (SHA-1 is refused), exactly one Reference, naming its own parent.
 */
export async function verifyEnveloped(
  signature: XmlElement,
  parent: XmlElement,
  key: IdpKey,
): Promise<string> {
  const signedInfo = one(signature, "SignedInfo");
  const method = signatureMethod(
    one(signedInfo, "SignatureMethod").getAttribute("Algorithm") ?? "",
    key.key,
  );
  const reference = one(signedInfo, "Reference", "wrapping");
  const hash = digestMethod(one(reference, "DigestMethod").getAttribute("Algorithm") ?? "");
  const signedXml = referencedXml(signature, parent, reference);
  const c14n = c14nOf(one(signedInfo, "CanonicalizationMethod"));
  if (!c14n) {
    throw new SamlRefusal("bad_signature", "the SignedInfo's canonicalization is not C14N");
  }
  const encoder = new TextEncoder();
  const digest = new Uint8Array(await crypto.subtle.digest(hash, encoder.encode(signedXml)));
  const expected = (one(reference, "DigestValue").textContent ?? "").replace(/\s+/g, "");
  const valid =
    base64Of(digest) === expected &&
    (await verifySignatureValue(
      method,
      key,
      base64Bytes(one(signature, "SignatureValue").textContent),
      encoder.encode(canonicalize(signedInfo, c14n)),
    ));
  if (!valid) {
    throw new SamlRefusal(
      "bad_signature",
      "the signature does not verify with the provider's certificate",
    );
  }
  return signedXml;
}
