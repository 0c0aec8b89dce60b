import { DOMParser, type XmlDocument, type XmlElement } from "@xmldom/xmldom/lib/index.js";

/** SAML 2.0 protocol namespace (Response, AuthnRequest, Status). */
export const NS_PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
/** SAML 2.0 assertion namespace (Assertion, Issuer, Subject, Conditions). */
export const NS_ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";
/** XML-DSig namespace (Signature). */
export const NS_DSIG = "http://www.w3.org/2000/09/xmldsig#";
/** SAML 2.0 metadata namespace. */
export const NS_METADATA = "urn:oasis:names:tc:SAML:2.0:metadata";

/** Thrown for XML that must not be read (ill-formed, a DTD, entities). */
export class XmlRefused extends Error {}

/** Escapes text or an attribute value for XML the core builds. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * Parses XML strictly: a DOCTYPE or ENTITY declaration is refused before parsing (no DTDs, no
 * entity expansion), and a parser warning or error refuses the document.
 */
export function parseXmlStrict(xml: string): XmlDocument {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new XmlRefused("DTDs and entity declarations are refused");
  const fail = (message: string) => {
    throw new XmlRefused(`not well-formed XML: ${message.split("\n")[0] ?? message}`);
  };
  const doc = new DOMParser({
    errorHandler: { warning: fail, error: fail, fatalError: fail },
  }).parseFromString(xml, "text/xml");
  if (!doc.documentElement) throw new XmlRefused("not well-formed XML: no root element");
  return doc;
}

/** True when the element has this namespace and local name. */
export function isElement(
  node: { nodeType: number; namespaceURI: string | null; localName: string | null },
  ns: string,
  name: string,
): boolean {
  return node.nodeType === 1 && node.namespaceURI === ns && node.localName === name;
}

/** The element children of `parent` with this namespace and local name, in document order. */
export function children(parent: XmlElement, ns: string, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const node of Array.from(parent.childNodes)) {
    if (isElement(node, ns, name)) out.push(node as XmlElement);
  }
  return out;
}

/** The one child of this name, null if absent; more than one is a malformed document. */
export function onlyChild(parent: XmlElement, ns: string, name: string): XmlElement | null {
  const found = children(parent, ns, name);
  if (found.length > 1)
    throw new XmlRefused(`more than one ${name} in ${parent.localName ?? "element"}`);
  return found[0] ?? null;
}

/** The whole text of an element (every text node, so a comment cannot cut it short), trimmed. */
export function textOf(element: XmlElement | null): string | null {
  if (!element) return null;
  const text = (element.textContent ?? "").trim();
  return text === "" ? null : text;
}

/** An xs:dateTime attribute as a Date; null when absent; a malformed value is refused. */
export function instantAttribute(element: XmlElement | null, name: string): Date | null {
  const value = element?.getAttribute(name);
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    throw new XmlRefused(`${name} is not an xs:dateTime`);
  }
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new XmlRefused(`${name} is not an xs:dateTime`);
  return new Date(time);
}

/** A Date as SAML writes instants: UTC, whole seconds. */
export function samlInstant(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
