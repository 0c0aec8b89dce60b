// The SAML core's outgoing side, exercised directly: AuthnRequest redirects (plain and signed),
// SP metadata, the SP key pair, and the certificate checks behind provider validation.
import { describe, expect, it } from "vitest";
import { DOMParser } from "@xmldom/xmldom/lib/index.js";
import {
  authnRequestRedirect,
  checkCertificate,
  generateSpKeyPair,
  importSpKey,
  newRequestId,
  spMetadataXml,
} from "../../src/saml";
import { createTestIdp } from "../helpers/saml-idp";
import { redirectSignatureValid } from "../helpers/saml-xml";

const SP = {
  spEntityID: "https://quire.test/sso/p1/metadata",
  acsURL: "https://quire.test/sso/p1/acs?x=1&y=2",
};

/** Parses XML, failing on any parser complaint (well-formedness). */
function strictParse(xml: string) {
  const fail = (message: string) => {
    throw new Error(message);
  };
  return new DOMParser({
    errorHandler: { warning: fail, error: fail, fatalError: fail },
  }).parseFromString(xml, "text/xml");
}

describe("AuthnRequest redirects", () => {
  it("makes request ids that are xsd:IDs and unique", () => {
    const ids = new Set(Array.from({ length: 50 }, () => newRequestId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][A-Za-z0-9]{20,}$/);
  });

  it("encodes an unsigned AuthnRequest the IdP can inflate", async () => {
    const idp = await createTestIdp();
    const requestId = newRequestId();
    const url = await authnRequestRedirect({
      requestId,
      issueInstant: new Date("2026-01-02T03:04:05.678Z"),
      ...SP,
      idpSsoURL: idp.ssoURL + "?tenant=a",
      relayState: "r/1 & 2",
    });
    expect(url.startsWith(idp.ssoURL + "?tenant=a&SAMLRequest=")).toBe(true);
    const decoded = idp.decodeRedirect(url);
    expect(decoded).toMatchObject({
      id: requestId,
      acsURL: SP.acsURL,
      issuer: SP.spEntityID,
      destination: idp.ssoURL + "?tenant=a",
      relayState: "r/1 & 2",
      sigAlg: null,
      signature: null,
    });
    expect(decoded.xml).toContain('IssueInstant="2026-01-02T03:04:05Z"');
    expect(decoded.xml).toContain("urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST");
    strictParse(decoded.xml);
  });

  it("signs the redirect with the SP key, verifiable with the SP certificate", async () => {
    const idp = await createTestIdp();
    const pair = await generateSpKeyPair("Quire SP test", new Date());
    const url = await authnRequestRedirect({
      requestId: newRequestId(),
      issueInstant: new Date(),
      ...SP,
      idpSsoURL: idp.ssoURL,
      relayState: "state",
      signingKey: await importSpKey(pair.privateKeyPkcs8Base64),
    });
    const decoded = idp.decodeRedirect(url);
    expect(decoded.sigAlg).toBe("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256");
    expect(await redirectSignatureValid(url, pair.certificatePem)).toBe(true);
    expect(
      await redirectSignatureValid(
        url.replace("RelayState=state", "RelayState=other"),
        pair.certificatePem,
      ),
    ).toBe(false);
    expect(await redirectSignatureValid(url, idp.certificatePem)).toBe(false);
    expect(checkCertificate(pair.certificatePem, new Date()).ok).toBe(true);
  });
});

describe("SP metadata", () => {
  it("is well-formed XML naming the entity and the ACS, escaped", () => {
    const xml = spMetadataXml({ entityID: SP.spEntityID, acsURL: SP.acsURL });
    const root = strictParse(xml).documentElement;
    expect(root?.localName).toBe("EntityDescriptor");
    expect(root?.getAttribute("entityID")).toBe(SP.spEntityID);
    const acs = root?.getElementsByTagNameNS(
      "urn:oasis:names:tc:SAML:2.0:metadata",
      "AssertionConsumerService",
    )[0];
    expect(acs?.getAttribute("Location")).toBe(SP.acsURL);
    expect(acs?.getAttribute("Binding")).toBe("urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST");
    expect(xml).toContain('AuthnRequestsSigned="false"');
    expect(xml).not.toContain("KeyDescriptor");
  });

  it("publishes the SP signing certificate when requests are signed", async () => {
    const pair = await generateSpKeyPair("Quire SP", new Date());
    const xml = spMetadataXml({
      entityID: SP.spEntityID,
      acsURL: SP.acsURL,
      signingCertificatePem: pair.certificatePem,
    });
    const doc = strictParse(xml);
    const cert = doc.getElementsByTagNameNS(
      "http://www.w3.org/2000/09/xmldsig#",
      "X509Certificate",
    )[0];
    const body = pair.certificatePem.replace(/-----[A-Z ]+-----|\s+/g, "");
    expect(cert?.textContent).toBe(body);
    expect(xml).toContain('AuthnRequestsSigned="true"');
  });
});

describe("checkCertificate", () => {
  it("accepts a current certificate with its expiry and SHA-256 fingerprint", async () => {
    const idp = await createTestIdp();
    const result = checkCertificate(idp.certificatePem, new Date());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(result.notAfter.getTime()).toBeGreaterThan(Date.now());
  });

  it("refuses malformed, expired, not yet valid and multiple certificates, saying why", async () => {
    const { certificatePem } = await createTestIdp();
    const reason = (pem: string, now = new Date()) => {
      const result = checkCertificate(pem, now);
      return result.ok ? "ok" : result.reason;
    };
    expect(reason("hello")).toMatch(/^malformed/);
    expect(reason("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----")).toMatch(
      /^malformed/,
    );
    expect(reason(certificatePem + "\n" + certificatePem)).toMatch(/^malformed.*several/);
    expect(reason(certificatePem, new Date(Date.now() + 2 * 365 * 86_400_000))).toMatch(
      /^expired on 20/,
    );
    expect(reason(certificatePem, new Date(Date.now() - 7 * 86_400_000))).toMatch(/^not yet valid/);
  });
});
