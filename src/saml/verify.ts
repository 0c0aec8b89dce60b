import type { XmlElement, XmlNode } from "@xmldom/xmldom/lib/index.js";
import { readAssertion, type Expected } from "./assertion";
import { idpPublicKey, type IdpKey } from "./certificates";
import { verifyEnveloped } from "./signature";
import { SamlRefusal, type SamlResult, type VerifiedAssertion } from "./types";
import {
  children,
  isElement,
  NS_ASSERTION,
  NS_DSIG,
  NS_PROTOCOL,
  onlyChild,
  parseXmlStrict,
  textOf,
  XmlRefused,
} from "./xml";

const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";
const MAX_XML_BYTES = 512 * 1024;
const MAX_SKEW_SECONDS = 180;

/** Input of verifySamlResponse: the posted message and what the provider record expects. */
interface VerifyInput {
  samlResponseBase64: string;
  idpCertificatePem: string;
  idpEntityID: string;
  spEntityID: string;
  acsURL: string;
  now: Date;
  maxSkewSeconds?: number;
}

/** The posted SAMLResponse as XML text: strict base64, UTF-8, bounded size. */
function decode(samlResponseBase64: string): string {
  const compact = samlResponseBase64.replace(/\s+/g, "");
  if (compact === "" || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) {
    throw new SamlRefusal("malformed", "SAMLResponse is not base64");
  }
  if ((compact.length / 4) * 3 > MAX_XML_BYTES)
    throw new SamlRefusal("malformed", "SAMLResponse is too large");
  const bytes = Uint8Array.from(atob(compact), (c) => c.charCodeAt(0));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new SamlRefusal("malformed", "SAMLResponse is not UTF-8 XML");
  }
}

/** A non-Success status refuses the response (reading it unsigned can only ever refuse). */
function checkStatus(response: XmlElement): void {
  const status = onlyChild(response, NS_PROTOCOL, "Status");
  const code = status ? onlyChild(status, NS_PROTOCOL, "StatusCode") : null;
  const value = code?.getAttribute("Value") ?? null;
  if (value !== SUCCESS) {
    const nested = code ? onlyChild(code, NS_PROTOCOL, "StatusCode")?.getAttribute("Value") : null;
    const message = status ? textOf(onlyChild(status, NS_PROTOCOL, "StatusMessage")) : null;
    const detail = [value ?? "no status", nested, message].filter(Boolean).join(", ");
    throw new SamlRefusal("status_not_success", `the IdP answered ${detail}`);
  }
}

/**
 * Refuses comments and processing instructions anywhere inside the Response. Exclusive C14N
 * drops them, so they are bytes no signature covers; a comment injected into a NameID or an
 * attribute value (`user@example.com<!---->.evil.com`) is the known way to make a parser read a
 * signed value cut short. IdPs do not write comments inside their messages.
 */
function refuseComments(node: XmlNode): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 8 || child.nodeType === 7) {
      throw new SamlRefusal(
        "wrapping",
        "the Response carries an XML comment or processing instruction, which no signature covers",
      );
    }
    if (child.nodeType === 1) refuseComments(child);
  }
}

/** Parses signed canonical XML and checks it is the element that was expected. */
function signedElement(canonical: string, ns: string, name: string): XmlElement {
  const element = parseXmlStrict(canonical).documentElement;
  if (!element || !isElement(element, ns, name))
    throw new SamlRefusal("wrapping", `the signature does not cover the ${name}`);
  return element;
}

/** The checks, throwing SamlRefusal (or XmlRefused) on the first failure. */
async function verifyOrThrow(input: VerifyInput): Promise<VerifiedAssertion> {
  const xml = decode(input.samlResponseBase64);
  const doc = parseXmlStrict(xml);
  const root = doc.documentElement as XmlElement;
  if (!isElement(root, NS_PROTOCOL, "Response"))
    throw new SamlRefusal("malformed", "the message is not a SAML 2.0 Response");
  if (doc.getElementsByTagNameNS(NS_ASSERTION, "EncryptedAssertion").length > 0) {
    throw new SamlRefusal(
      "malformed",
      "encrypted assertions are not supported: turn assertion encryption off at the IdP",
    );
  }
  checkStatus(root);
  refuseComments(root);
  const assertions = Array.from(doc.getElementsByTagNameNS(NS_ASSERTION, "Assertion"));
  if (assertions.length === 0)
    throw new SamlRefusal("malformed", "the Response carries no Assertion");
  if (assertions.length > 1)
    throw new SamlRefusal("wrapping", "the Response carries more than one Assertion");
  const assertion = assertions[0] as XmlElement;
  if (assertion.parentNode !== root)
    throw new SamlRefusal("wrapping", "the Assertion is not a child of the Response");
  const signatures = Array.from(doc.getElementsByTagNameNS(NS_DSIG, "Signature"));
  if (signatures.some((s) => s.parentNode !== root && s.parentNode !== assertion)) {
    throw new SamlRefusal("wrapping", "a Signature sits outside the Response and the Assertion");
  }
  const responseSignatures = signatures.filter((s) => s.parentNode === root);
  const assertionSignatures = signatures.filter((s) => s.parentNode === assertion);
  if (responseSignatures.length > 1 || assertionSignatures.length > 1) {
    throw new SamlRefusal("wrapping", "an element carries more than one Signature");
  }
  if (signatures.length === 0)
    throw new SamlRefusal("unsigned", "neither the Response nor the Assertion is signed");
  let key: IdpKey;
  try {
    key = idpPublicKey(input.idpCertificatePem);
  } catch {
    throw new SamlRefusal("bad_signature", "the provider's certificate cannot be read");
  }
  const responseSignature = responseSignatures[0];
  const assertionSignature = assertionSignatures[0];
  const signedResponse = responseSignature
    ? signedElement(await verifyEnveloped(responseSignature, root, key), NS_PROTOCOL, "Response")
    : null;
  let signedAssertion: XmlElement;
  if (assertionSignature) {
    signedAssertion = signedElement(
      await verifyEnveloped(assertionSignature, assertion, key),
      NS_ASSERTION,
      "Assertion",
    );
  } else {
    const inner = signedResponse ? children(signedResponse, NS_ASSERTION, "Assertion") : [];
    if (inner.length !== 1)
      throw new SamlRefusal("wrapping", "the signed Response does not hold exactly one Assertion");
    signedAssertion = inner[0] as XmlElement;
  }
  // The envelope's fields come from the signed Response when it is signed.
  const envelope = signedResponse ?? root;
  const destination = envelope.getAttribute("Destination");
  if (destination && destination !== input.acsURL) {
    throw new SamlRefusal("wrong_destination", `the Response's Destination is not ${input.acsURL}`);
  }
  const responseIssuer = textOf(onlyChild(envelope, NS_ASSERTION, "Issuer"));
  if (responseIssuer !== null && responseIssuer !== input.idpEntityID) {
    throw new SamlRefusal(
      "wrong_issuer",
      `the Response's Issuer is ${responseIssuer}, not ${input.idpEntityID}`,
    );
  }
  const skewSeconds = Math.min(
    Math.max(input.maxSkewSeconds ?? MAX_SKEW_SECONDS, 0),
    MAX_SKEW_SECONDS,
  );
  const expected: Expected = { ...input, now: input.now.getTime(), skew: skewSeconds * 1000 };
  // Which request the login answers is read from signed bytes only: an unsigned Response's
  // InResponseTo could otherwise turn an unsolicited assertion into an answer to a request.
  const signedInResponseTo = signedResponse?.getAttribute("InResponseTo") || null;
  const verified = readAssertion(signedAssertion, signedInResponseTo, expected);
  const claimed = root.getAttribute("InResponseTo") || null;
  if (claimed && verified.inResponseTo === null) {
    throw new SamlRefusal(
      "unsigned",
      "the Response's InResponseTo is not signed: sign the Response, or the Assertion with InResponseTo in its SubjectConfirmationData",
    );
  }
  if (claimed && claimed !== verified.inResponseTo) {
    throw new SamlRefusal("malformed", "the Response and the Assertion answer different requests");
  }
  return verified;
}

/**
 * Verifies a base64 SAMLResponse (HTTP-POST binding) against the IdP certificate and every
 * condition. Only what a verified signature covers is read; InResponseTo single use and the
 * replay cache of assertion ids are the caller's (they need storage).
 */
export async function verifySamlResponse(input: VerifyInput): Promise<SamlResult> {
  try {
    return { ok: true, assertion: await verifyOrThrow(input) };
  } catch (error) {
    if (error instanceof SamlRefusal) return { ok: false, code: error.code, reason: error.message };
    if (error instanceof XmlRefused) return { ok: false, code: "malformed", reason: error.message };
    return { ok: false, code: "malformed", reason: "the SAMLResponse could not be read" };
  }
}
