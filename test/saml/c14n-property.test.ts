// A property test of the SAML core's canonicalization against an independent implementation:
// random namespaced documents (prefixes and default namespaces declared, redeclared and undeclared
// at random depths, prefixed attributes, text needing escapes), one random element signed by
// xml-crypto with each C14N the verifier accepts; the core's verifyEnveloped must accept every one.
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { SignedXml } from "xml-crypto";
import type { IdpKey } from "../../src/saml/certificates";
import { verifyEnveloped } from "../../src/saml/signature";
import { NS_DSIG, parseXmlStrict } from "../../src/saml/xml";

const URIS = ["urn:1", "urn:2", "urn:3"]; // equal lengths: xml-crypto sorts attributes by URI+name
const PREFIXES = ["a", "b", "c"];
const C14N = {
  exclusive: "http://www.w3.org/2001/10/xml-exc-c14n#",
  inclusive: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
};

/** A generated element before its namespaces are made consistent. */
interface Shape {
  declare: { prefix: string; uri: string }[];
  prefix: string | null;
  local: string;
  attrs: { prefix: string | null; local: string; value: string }[];
  children: (Shape | string)[];
}

const text = fc.string({
  unit: fc.constantFrom("x", " ", "&", "<", ">", '"', "'", "\t", "\n", "\r", "é"),
  maxLength: 6,
});
const shape = fc.letrec<{ element: Shape }>((tie) => ({
  element: fc.record({
    declare: fc.array(
      fc.record({ prefix: fc.constantFrom("", ...PREFIXES), uri: fc.constantFrom("", ...URIS) }),
      { maxLength: 2 },
    ),
    prefix: fc.constantFrom(null, ...PREFIXES),
    local: fc.constantFrom("x", "y", "z"),
    attrs: fc.array(
      fc.record({
        prefix: fc.constantFrom(null, ...PREFIXES),
        local: fc.constantFrom("p", "q"),
        value: text,
      }),
      { maxLength: 3 },
    ),
    children: fc.array(fc.oneof({ depthSize: "small" }, text, tie("element")), { maxLength: 3 }),
  }),
})).element;

const escapeText = (t: string) =>
  t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");
const escapeAttr = (t: string) =>
  escapeText(t).replace(/"/g, "&quot;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;");

/** Well-formed XML for a shape: undeclared prefixes dropped, duplicate attributes skipped, IDs e0…. */
function toXml(root: Shape): { xml: string; ids: string[] } {
  const ids: string[] = [];
  const render = (node: Shape, scope: Map<string, string>): string => {
    const inner = new Map(scope);
    const decls = new Map<string, string>();
    for (const { prefix, uri } of node.declare) decls.set(prefix, prefix && !uri ? URIS[0]! : uri);
    for (const [prefix, uri] of decls) inner.set(prefix, uri);
    const name =
      node.prefix && inner.has(node.prefix) ? `${node.prefix}:${node.local}` : node.local;
    const id = `e${ids.length}`;
    ids.push(id);
    const seen = new Set<string>(["|ID"]);
    const attrs = [` ID="${id}"`];
    for (const [prefix, uri] of decls)
      attrs.push(prefix ? ` xmlns:${prefix}="${uri}"` : ` xmlns="${uri}"`);
    for (const attr of node.attrs) {
      const prefix = attr.prefix && inner.has(attr.prefix) ? attr.prefix : null;
      const key = `${prefix ? inner.get(prefix) : ""}|${attr.local}`;
      if (seen.has(key)) continue;
      seen.add(key);
      attrs.push(` ${prefix ? `${prefix}:` : ""}${attr.local}="${escapeAttr(attr.value)}"`);
    }
    const body = node.children.map((c) =>
      typeof c === "string" ? escapeText(c) : render(c, inner),
    );
    return `<${name}${attrs.join("")}>${body.join("")}</${name}>`;
  };
  return { xml: render(root, new Map()), ids };
}

let keyPem: string;
let idpKey: IdpKey;

beforeAll(async () => {
  const algorithm = {
    name: "RSASSA-PKCS1-v1_5",
    hash: "SHA-256",
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  };
  const keys = (await crypto.subtle.generateKey(algorithm, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array(
    (await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer,
  );
  keyPem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...pkcs8))}\n-----END PRIVATE KEY-----\n`;
  const spki = new Uint8Array(
    (await crypto.subtle.exportKey("spki", keys.publicKey)) as ArrayBuffer,
  );
  idpKey = { spki, key: { kind: "RSA" } };
});

/** xml-crypto's enveloped signature of the element with this ID, appended to it. */
function sign(xml: string, id: string, c14n: string, prefixList: string[] | null): string {
  const sig = new SignedXml({
    privateKey: keyPem,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: c14n,
    ...(prefixList ? { inclusiveNamespacesPrefixList: prefixList } : {}),
  });
  sig.addReference({
    xpath: `//*[@ID='${id}']`,
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", c14n],
    ...(prefixList ? { inclusiveNamespacesPrefixList: prefixList } : {}),
  });
  sig.computeSignature(xml, {
    prefix: "ds",
    location: { reference: `//*[@ID='${id}']`, action: "append" },
  });
  return sig.getSignedXml();
}

describe("canonicalization against xml-crypto, on random documents", () => {
  it("verifies every signature xml-crypto makes, whichever element and C14N", async () => {
    await fc.assert(
      fc.asyncProperty(
        shape,
        fc.nat(),
        fc.constantFrom("exclusive", "inclusive", "exclusive-list"),
        async (root, pick, method) => {
          const { xml, ids } = toXml(root);
          const id = ids[pick % ids.length]!;
          const c14n = method === "inclusive" ? C14N.inclusive : C14N.exclusive;
          const signed = sign(
            xml,
            id,
            c14n,
            // Not "#default": xml-crypto ignores it in a PrefixList, where Exclusive C14N renders
            // the default namespace in scope (c14n.test.ts checks that case against the spec).
            method === "exclusive-list" ? ["a", "b"] : null,
          );
          const doc = parseXmlStrict(signed);
          const element = Array.from(doc.getElementsByTagNameNS("*", "*")).find(
            (e) => e.getAttribute("ID") === id,
          )!;
          const signature = Array.from(element.getElementsByTagNameNS(NS_DSIG, "Signature")).find(
            (s) => s.parentNode === element,
          )!;
          const canonical = await verifyEnveloped(signature, element, idpKey);
          expect(canonical.startsWith("<")).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
