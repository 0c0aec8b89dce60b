import type { XmlAttr, XmlElement, XmlNode } from "@xmldom/xmldom/lib/index.js";

// Canonical XML of an element subtree, as XML-DSig signs it: Exclusive XML Canonicalization 1.0
// (with an InclusiveNamespaces PrefixList) and Canonical XML 1.0, each with or without comments.
// Works on the strictly parsed DOM; the enveloped-signature transform is the `omit` node.

const NS_XMLNS = "http://www.w3.org/2000/xmlns/";
const NS_XML = "http://www.w3.org/XML/1998/namespace";

/** The canonicalization algorithms Quire verifies, by their XML-DSig identifier. */
export const C14N_METHODS: Record<string, { exclusive: boolean; comments: boolean }> = {
  "http://www.w3.org/2001/10/xml-exc-c14n#": { exclusive: true, comments: false },
  "http://www.w3.org/2001/10/xml-exc-c14n#WithComments": { exclusive: true, comments: true },
  "http://www.w3.org/TR/2001/REC-xml-c14n-20010315": { exclusive: false, comments: false },
  "http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments": {
    exclusive: false,
    comments: true,
  },
};

/** How to canonicalize: the algorithm's flags, exclusive C14N's PrefixList, and a node to leave out. */
export interface C14nOptions {
  exclusive: boolean;
  comments: boolean;
  /** InclusiveNamespaces PrefixList of exclusive C14N ("#default" is the default namespace). */
  inclusivePrefixes?: readonly string[];
  /** The enveloped Signature, left out of its parent's canonical form. */
  omit?: XmlNode | null;
}

/** Prefix → namespace URI; "" is the default namespace. */
type Namespaces = Map<string, string>;

const escapeText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#xD;");

const escapeAttribute = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/"/g, "&quot;")
    .replace(/\t/g, "&#x9;")
    .replace(/\n/g, "&#xA;")
    .replace(/\r/g, "&#xD;");

const isDeclaration = (attr: XmlAttr) => attr.namespaceURI === NS_XMLNS;

/** The namespaces in scope at `node`: every declaration of it and its ancestors, nearest wins. */
function scopeAt(node: XmlNode | null): Namespaces {
  const chain: XmlElement[] = [];
  for (let at = node; at && at.nodeType === 1; at = at.parentNode) chain.unshift(at as XmlElement);
  const scope: Namespaces = new Map();
  for (const element of chain) declare(scope, element);
  return scope;
}

/** Adds the element's own namespace declarations to `scope`. */
function declare(scope: Namespaces, element: XmlElement): void {
  for (const attr of Array.from(element.attributes)) {
    if (isDeclaration(attr)) scope.set(attr.prefix ? (attr.localName ?? "") : "", attr.value);
  }
}

/** The xml:* attributes the apex inherits from its ancestors (Canonical XML 1.0 only). */
function inheritedXmlAttributes(element: XmlElement): XmlAttr[] {
  const found = new Map<string, XmlAttr>();
  for (let at = element.parentNode; at && at.nodeType === 1; at = at.parentNode) {
    for (const attr of Array.from((at as XmlElement).attributes)) {
      const name = attr.localName ?? "";
      if (attr.namespaceURI === NS_XML && !found.has(name)) found.set(name, attr);
    }
  }
  const own = new Set(Array.from(element.attributes, (a) => a.name));
  return [...found.values()].filter((attr) => !own.has(attr.name));
}

/** The prefixes whose declarations this element may need in the output. */
function candidatePrefixes(element: XmlElement, scope: Namespaces, options: C14nOptions): string[] {
  if (!options.exclusive) return [...scope.keys()];
  const used = new Set<string>([element.prefix ?? ""]);
  for (const attr of Array.from(element.attributes)) {
    if (attr.prefix && !isDeclaration(attr) && attr.prefix !== "xml") used.add(attr.prefix);
  }
  for (const prefix of options.inclusivePrefixes ?? []) {
    const name = prefix === "#default" ? "" : prefix;
    if (scope.has(name)) used.add(name);
  }
  return [...used];
}

/** Canonicalizes one element and its subtree into `out`. */
function render(
  element: XmlElement,
  parentScope: Namespaces,
  rendered: Namespaces,
  apex: boolean,
  options: C14nOptions,
  out: string[],
): void {
  const scope = new Map(parentScope);
  declare(scope, element);
  const emitted: [string, string][] = [];
  for (const prefix of candidatePrefixes(element, scope, options)) {
    const uri = scope.get(prefix) ?? "";
    if (prefix === "xml" || (prefix !== "" && uri === "")) continue;
    if ((rendered.get(prefix) ?? "") === uri && (prefix === "" || rendered.has(prefix))) continue;
    emitted.push([prefix, uri]);
  }
  emitted.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const nextRendered = new Map(rendered);
  for (const [prefix, uri] of emitted) nextRendered.set(prefix, uri);
  const attributes = Array.from(element.attributes).filter((attr) => !isDeclaration(attr));
  if (apex && !options.exclusive) attributes.push(...inheritedXmlAttributes(element));
  const key = (attr: XmlAttr) => [attr.namespaceURI ?? "", attr.localName ?? attr.name] as const;
  attributes.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] !== kb[0] ? (ka[0] < kb[0] ? -1 : 1) : ka[1] < kb[1] ? -1 : ka[1] > kb[1] ? 1 : 0;
  });
  out.push("<", element.nodeName);
  for (const [prefix, uri] of emitted) {
    out.push(prefix ? ` xmlns:${prefix}="` : ' xmlns="', escapeAttribute(uri), '"');
  }
  for (const attr of attributes) out.push(" ", attr.name, '="', escapeAttribute(attr.value), '"');
  out.push(">");
  for (const child of Array.from(element.childNodes)) {
    if (child === options.omit) continue;
    if (child.nodeType === 1) {
      render(child as XmlElement, scope, nextRendered, false, options, out);
    } else if (child.nodeType === 3 || child.nodeType === 4) {
      out.push(escapeText(child.nodeValue ?? ""));
    } else if (child.nodeType === 8 && options.comments) {
      out.push("<!--", child.nodeValue ?? "", "-->");
    } else if (child.nodeType === 7) {
      const data = child.nodeValue ?? "";
      out.push("<?", child.nodeName, data ? ` ${data}` : "", "?>");
    }
  }
  out.push("</", element.nodeName, ">");
}

/** The canonical form of `element` and its subtree (in the context of its document). */
export function canonicalize(element: XmlElement, options: C14nOptions): string {
  const out: string[] = [];
  render(element, scopeAt(element.parentNode), new Map(), true, options, out);
  return out.join("");
}
