// The SAML core's own canonicalization (Canonical XML 1.0 and Exclusive C14N 1.0), checked on the
// specifications' examples and the cases signatures depend on, and end to end against responses
// signed by xml-crypto with each canonicalization the verifier accepts.
import { beforeAll, describe, expect, it } from "vitest";
import { canonicalize, type C14nOptions } from "../../src/saml/c14n";
import { parseXmlStrict } from "../../src/saml/xml";
import { verifySamlResponse } from "../../src/saml";
import { createTestIdp, decodeXml, type TestIdp } from "../helpers/saml-idp";

const EXCLUSIVE: C14nOptions = { exclusive: true, comments: false };
const INCLUSIVE: C14nOptions = { exclusive: false, comments: false };

/** The canonical form of the first element named `name` in `xml`. */
function c14n(xml: string, name: string, options: C14nOptions): string {
  const doc = parseXmlStrict(xml);
  const all = Array.from(doc.getElementsByTagNameNS("*", "*"));
  const element = all.find((e) => e.nodeName === name);
  if (!element) throw new Error(`no ${name}`);
  return canonicalize(element, options);
}

describe("canonicalize", () => {
  it("renders the Exclusive C14N specification's example both ways", () => {
    const xml =
      '<n0:local xmlns:n0="foo:bar" xmlns:n3="ftp://example.org"><n1:elem2 xmlns:n1="http://example.net" xml:lang="en">' +
      '<n3:stuff xmlns:n3="ftp://example.org"/></n1:elem2></n0:local>';
    expect(c14n(xml, "n1:elem2", INCLUSIVE)).toBe(
      '<n1:elem2 xmlns:n0="foo:bar" xmlns:n1="http://example.net" xmlns:n3="ftp://example.org" xml:lang="en">' +
        "<n3:stuff></n3:stuff></n1:elem2>",
    );
    expect(c14n(xml, "n1:elem2", EXCLUSIVE)).toBe(
      '<n1:elem2 xmlns:n1="http://example.net" xml:lang="en">' +
        '<n3:stuff xmlns:n3="ftp://example.org"></n3:stuff></n1:elem2>',
    );
  });

  it("sorts namespaces by prefix and attributes by namespace URI then name", () => {
    const xml = '<a xmlns:z="urn:a" xmlns:b="urn:b" z:x="1" b:y="2" c="3" a="4"/>';
    for (const options of [EXCLUSIVE, INCLUSIVE]) {
      expect(c14n(xml, "a", options)).toBe(
        '<a xmlns:b="urn:b" xmlns:z="urn:a" a="4" c="3" z:x="1" b:y="2"></a>',
      );
    }
  });

  it("declares and undeclares the default namespace only where it changes", () => {
    const xml = '<a xmlns="urn:x"><b xmlns=""><c/></b><d/></a>';
    for (const options of [EXCLUSIVE, INCLUSIVE]) {
      expect(c14n(xml, "a", options)).toBe('<a xmlns="urn:x"><b xmlns=""><c></c></b><d></d></a>');
      expect(c14n(xml, "b", options)).toBe("<b><c></c></b>");
      expect(c14n(xml, "d", options)).toBe('<d xmlns="urn:x"></d>');
    }
  });

  it("escapes text and attribute values as C14N does", () => {
    const xml =
      '<a b="&quot;&#9;&#10;&#13;&lt;&amp;>">x &gt; &amp; &#13; &lt; "q"<![CDATA[<c>]]></a>';
    expect(c14n(xml, "a", EXCLUSIVE)).toBe(
      '<a b="&quot;&#x9;&#xA;&#xD;&lt;&amp;>">x &gt; &amp; &#xD; &lt; "q"&lt;c&gt;</a>',
    );
  });

  it("keeps processing instructions, and comments only in the WithComments variants", () => {
    const xml = "<a><!--c--><?p d?>t</a>";
    expect(c14n(xml, "a", EXCLUSIVE)).toBe("<a><?p d?>t</a>");
    expect(c14n(xml, "a", { ...EXCLUSIVE, comments: true })).toBe("<a><!--c--><?p d?>t</a>");
    expect(c14n(xml, "a", { ...INCLUSIVE, comments: true })).toBe("<a><!--c--><?p d?>t</a>");
  });

  it("inherits the ancestors' xml: attributes in Canonical XML only", () => {
    const xml = '<r xml:lang="fr" xml:space="preserve"><a xml:space="default"/></r>';
    expect(c14n(xml, "a", INCLUSIVE)).toBe('<a xml:lang="fr" xml:space="default"></a>');
    expect(c14n(xml, "a", EXCLUSIVE)).toBe('<a xml:space="default"></a>');
  });

  it("renders the InclusiveNamespaces PrefixList (and #default) when in scope", () => {
    const xml =
      '<r xmlns="urn:d" xmlns:xs="urn:xs" xmlns:u="urn:u"><a t="xs:string"/><p:x xmlns:p="urn:p"/></r>';
    expect(c14n(xml, "a", EXCLUSIVE)).toBe('<a xmlns="urn:d" t="xs:string"></a>');
    expect(c14n(xml, "a", { ...EXCLUSIVE, inclusivePrefixes: ["xs", "nope"] })).toBe(
      '<a xmlns="urn:d" xmlns:xs="urn:xs" t="xs:string"></a>',
    );
    expect(c14n(xml, "p:x", EXCLUSIVE)).toBe('<p:x xmlns:p="urn:p"></p:x>');
    expect(c14n(xml, "p:x", { ...EXCLUSIVE, inclusivePrefixes: ["#default"] })).toBe(
      '<p:x xmlns="urn:d" xmlns:p="urn:p"></p:x>',
    );
  });

  it("leaves out the omitted (enveloped) node", () => {
    const doc = parseXmlStrict("<a><s>sig</s><b/></a>");
    const root = doc.documentElement!;
    const signature = root.firstChild;
    expect(canonicalize(root, { ...EXCLUSIVE, omit: signature })).toBe("<a><b></b></a>");
  });
});

describe("signatures over each canonicalization", () => {
  const SP = { spEntityID: "https://quire.test/sp", acsURL: "https://quire.test/acs" };
  const base = { ...SP, nameID: "ada@example.com", email: "ada@example.com" };
  let idp: TestIdp;
  beforeAll(async () => {
    idp = await createTestIdp();
  });
  const verify = (samlResponseBase64: string) =>
    verifySamlResponse({
      samlResponseBase64,
      idpCertificatePem: idp.certificatePem,
      idpEntityID: idp.entityID,
      ...SP,
      now: new Date(),
    });

  it("verifies Canonical XML 1.0, Exclusive C14N with a PrefixList, and RSA-SHA512", async () => {
    const variants = [
      { c14n: "inclusive" as const },
      { c14n: "inclusive" as const, typedAttributes: true },
      { typedAttributes: true, prefixList: ["xs"] },
      { algorithm: "rsa-sha512" as const },
    ];
    for (const variant of variants) {
      for (const sign of ["assertion", "response"] as const) {
        const b64 = await idp.response({ ...base, ...variant, sign });
        const result = await verify(b64);
        expect(result.ok, `${JSON.stringify(variant)} ${sign}: ${JSON.stringify(result)}`).toBe(
          true,
        );
      }
    }
    const listed = decodeXml(
      await idp.response({ ...base, typedAttributes: true, prefixList: ["xs"] }),
    );
    expect(listed).toContain('PrefixList="xs"');
  });
});
