import { beforeAll, describe, expect, it } from "vitest";
import {
  verifySamlResponse,
  type SamlResult,
  checkCertificate,
  authnRequestRedirect,
  generateSpKeyPair,
  importSpKey,
  newRequestId,
  spMetadataXml,
} from "../../src/saml";
import { createTestIdp, decodeXml, encodeXml, type TestIdp } from "../helpers/saml-idp";
import { wrapping, redirectSignatureValid } from "../helpers/saml-xml";
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { DOMParser } from "@xmldom/xmldom/lib/index.js";
import { emptyStorage } from "../helpers/storage";

describe("core", () => {
  // The SAML core's verification of posted Responses, exercised directly (a pure core, like
  // src/content): a valid login and every refusal the ACS relies on.
  const SP = {
    spEntityID: "https://quire.test/sso/p1/metadata",
    acsURL: "https://quire.test/sso/p1/acs",
  };
  let idp: TestIdp;

  beforeAll(async () => {
    idp = await createTestIdp();
  });

  /** Verifies as the ACS of SP would, at `now` (default: the real clock). */
  function verify(samlResponseBase64: string, now = new Date(), maxSkewSeconds?: number) {
    return verifySamlResponse({
      samlResponseBase64,
      idpCertificatePem: idp.certificatePem,
      idpEntityID: idp.entityID,
      ...SP,
      now,
      ...(maxSkewSeconds === undefined ? {} : { maxSkewSeconds }),
    });
  }

  /** The refusal code of a result (fails the test if it was accepted). */
  async function refusal(pending: Promise<SamlResult>) {
    const result = await pending;
    if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.assertion)}`);
    return result.code;
  }

  const base = {
    ...SP,
    nameID: "ada@example.com",
    email: "ada@example.com",
    displayName: "Ada Lovelace",
  };

  describe("verifySamlResponse: valid responses", () => {
    it("accepts a signed assertion and reads it", async () => {
      const now = new Date();
      const b64 = await idp.response({ ...base, inResponseTo: "id123", assertionId: "_a1b2", now });
      const result = await verify(b64, now);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.assertion).toMatchObject({
        id: "_a1b2",
        nameID: "ada@example.com",
        nameIDFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        email: "ada@example.com",
        displayName: "Ada Lovelace",
        inResponseTo: "id123",
        attributes: { email: ["ada@example.com"], displayName: ["Ada Lovelace"] },
      });
      expect(result.assertion.sessionIndex).toMatch(/^_/);
      expect(
        Math.abs(result.assertion.notOnOrAfter.getTime() - (now.getTime() + 300_000)),
      ).toBeLessThan(1000);
    });

    it("accepts a signed response, and a response signed at both levels", async () => {
      for (const sign of ["response", "both"] as const) {
        const result = await verify(await idp.response({ ...base, sign }));
        expect(result.ok, sign).toBe(true);
      }
    });

    it("accepts an IdP-initiated response (no InResponseTo)", async () => {
      const result = await verify(await idp.response({ ...base, inResponseTo: null }));
      expect(result.ok && result.assertion.inResponseTo).toBe(null);
    });

    it("keeps an assertion id in the replay cache for the skew beyond its expiry", async () => {
      const now = new Date();
      const b64 = await idp.response({ ...base, now });
      const result = await verify(b64, now);
      if (!result.ok) throw new Error(result.reason);
      const { notOnOrAfter, acceptedUntil } = result.assertion;
      expect(acceptedUntil.getTime() - notOnOrAfter.getTime()).toBe(180_000);
      const strict = await verify(b64, now, 60);
      if (!strict.ok) throw new Error(strict.reason);
      expect(strict.assertion.acceptedUntil.getTime() - notOnOrAfter.getTime()).toBe(60_000);
    });
  });

  describe("verifySamlResponse: refusals", () => {
    it("refuses an unsigned response", async () => {
      expect(await refusal(verify(await idp.response({ ...base, sign: "none" })))).toBe("unsigned");
    });

    it("refuses a response signed by another key", async () => {
      for (const sign of ["assertion", "response"] as const) {
        expect(
          await refusal(verify(await idp.response({ ...base, sign, signWith: "other" }))),
        ).toBe("bad_signature");
      }
    });

    it("refuses a response tampered with after signing", async () => {
      const tamper = (xml: string) => xml.replace(">ada@example.com<", ">eve@example.com<");
      expect(await refusal(verify(await idp.response({ ...base, tamper })))).toBe("bad_signature");
      const destination = (xml: string) =>
        xml.replace(/Destination="[^"]*"/, 'Destination="https://quire.test/x"');
      expect(
        await refusal(
          verify(await idp.response({ ...base, sign: "response", tamper: destination })),
        ),
      ).toBe("bad_signature");
    });

    it("refuses an expired assertion, beyond three minutes of skew", async () => {
      const now = new Date();
      const b64 = await idp.response({
        ...base,
        now,
        notOnOrAfter: new Date(now.getTime() - 240_000),
      });
      expect(await refusal(verify(b64, now))).toBe("expired");
      const recent = await idp.response({
        ...base,
        now,
        notOnOrAfter: new Date(now.getTime() - 120_000),
      });
      expect((await verify(recent, now)).ok).toBe(true);
      expect(await refusal(verify(recent, now, 60))).toBe("expired");
      expect(await refusal(verify(b64, now, 3600))).toBe("expired"); // the skew is capped at 3 minutes
    });

    it("refuses an assertion that is not yet valid, beyond three minutes of skew", async () => {
      const now = new Date();
      const early = await idp.response({
        ...base,
        now,
        notBefore: new Date(now.getTime() + 240_000),
      });
      expect(await refusal(verify(early, now))).toBe("not_yet_valid");
      const close = await idp.response({
        ...base,
        now,
        notBefore: new Date(now.getTime() + 120_000),
      });
      expect((await verify(close, now)).ok).toBe(true);
    });

    it("refuses a wrong audience, destination, recipient or issuer", async () => {
      const wrongAudience = await idp.response({
        ...base,
        audience: "https://other.test/metadata",
      });
      expect(await refusal(verify(wrongAudience))).toBe("wrong_audience");
      const wrongDestination = await idp.response({
        ...base,
        destination: "https://other.test/acs",
      });
      expect(await refusal(verify(wrongDestination))).toBe("wrong_destination");
      const signedEnvelope = await idp.response({
        ...base,
        sign: "response",
        destination: "https://other.test/acs",
      });
      expect(await refusal(verify(signedEnvelope))).toBe("wrong_destination");
      const wrongIssuer = await idp.response({ ...base, issuer: "https://other-idp.test" });
      expect(await refusal(verify(wrongIssuer))).toBe("wrong_issuer");
    });

    it("refuses a status other than Success", async () => {
      const b64 = await idp.response({
        ...base,
        status: "urn:oasis:names:tc:SAML:2.0:status:Responder",
      });
      expect(await refusal(verify(b64))).toBe("status_not_success");
    });

    it("refuses the XML signature wrapping variants", async () => {
      const signed = await idp.response(base);
      expect(await refusal(verify(wrapping.extraAssertion(signed, "eve@example.com")))).toBe(
        "wrapping",
      );
      expect(
        await refusal(verify(wrapping.signedMovedToExtensions(signed, "eve@example.com"))),
      ).toBe("wrapping");
      expect(await refusal(verify(wrapping.signatureOnForged(signed, "eve@example.com")))).toBe(
        "wrapping",
      );
      expect(await refusal(verify(wrapping.signatureMovedToResponse(signed)))).toBe("wrapping");
      const responseSigned = await idp.response({ ...base, sign: "response" });
      expect(
        await refusal(verify(wrapping.extraAssertion(responseSigned, "eve@example.com"))),
      ).toBe("wrapping");
    });

    it("refuses a comment injected into the NameID or an attribute (signed bytes cut short)", async () => {
      const b64 = await idp.response({
        ...base,
        nameID: "user@example.com.evil.com",
        email: "user@example.com.evil.com",
      });
      const xml = decodeXml(b64);
      // Exclusive C14N drops comments: the signature still verifies over the injected message.
      const inNameID = xml.replace(
        ">user@example.com.evil.com</saml:NameID>",
        ">user@example.com<!---->.evil.com</saml:NameID>",
      );
      expect(inNameID).toContain("<!---->");
      expect(await refusal(verify(encodeXml(inNameID)))).toBe("wrapping");
      const inAttribute = xml.replace(
        ">user@example.com.evil.com</saml:AttributeValue>",
        ">user@example.com<!-- x -->.evil.com</saml:AttributeValue>",
      );
      expect(inAttribute).toContain("<!-- x -->");
      expect(await refusal(verify(encodeXml(inAttribute)))).toBe("wrapping");
      const instruction = xml.replace("</saml:NameID>", "<?evil x?></saml:NameID>");
      expect(await refusal(verify(encodeXml(instruction)))).toBe("wrapping");
    });

    it("reads InResponseTo only from signed bytes", async () => {
      // An unsolicited assertion (signed, no InResponseTo) wrapped in an unsigned Response that
      // claims to answer a request: refused, never taken as SP-initiated.
      const unsolicited = decodeXml(await idp.response({ ...base, inResponseTo: null }));
      const claimed = unsolicited.replace(
        "<samlp:Response ",
        '<samlp:Response InResponseTo="id999" ',
      );
      expect(claimed).toContain('InResponseTo="id999"');
      expect(await refusal(verify(encodeXml(claimed)))).toBe("unsigned");
      // A signed assertion answering one request, in an unsigned Response naming another.
      const answered = decodeXml(await idp.response({ ...base, inResponseTo: "id123" }));
      const other = answered.replace(
        /(<samlp:Response[^>]*) InResponseTo="id123"/,
        '$1 InResponseTo="id999"',
      );
      expect(other).toContain('InResponseTo="id999"');
      expect(await refusal(verify(encodeXml(other)))).toBe("malformed");
    });

    it("refuses a missing subject", async () => {
      expect(await refusal(verify(await idp.response({ ...base, nameID: "" })))).toBe(
        "missing_subject",
      );
    });

    it("refuses DTDs, SHA-1, bad base64 and other documents as malformed or badly signed", async () => {
      const signed = decodeXml(await idp.response(base));
      const dtd = `<!DOCTYPE r [<!ENTITY x "ada@example.com">]>` + signed;
      expect(await refusal(verify(encodeXml(dtd)))).toBe("malformed");
      const sha1 = signed.replace(
        "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
        "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
      );
      expect(await refusal(verify(encodeXml(sha1)))).toBe("bad_signature");
      expect(await refusal(verify("not base64!"))).toBe("malformed");
      expect(await refusal(verify(encodeXml("<a>unclosed")))).toBe("malformed");
      expect(await refusal(verify(encodeXml("<html/>")))).toBe("malformed");
    });
  });
});

describe("ecdsa", () => {
  beforeAll(emptyStorage);
  // ECDSA-signed SAML Responses (EC certificates, as Keycloak and ADFS can use): accepted with the
  // curve's own hash, refused when tampered with, when the algorithm does not match the
  // certificate's key or curve, and when the signature is not raw r||s. RSA is covered by core.test.
  const SP = {
    spEntityID: "https://quire.test/sso/p1/metadata",
    acsURL: "https://quire.test/sso/p1/acs",
  };
  const base = { ...SP, nameID: "ada@example.com", email: "ada@example.com" };
  let p256: TestIdp;
  let p384: TestIdp;
  let rsa: TestIdp;

  beforeAll(async () => {
    [p256, p384, rsa] = await Promise.all([
      createTestIdp({ key: "P-256" }),
      createTestIdp({ key: "P-384" }),
      createTestIdp(),
    ]);
  });

  /** Verifies `samlResponse` as the ACS would, with `idp`'s entity and `certificatePem`. */
  function verify(idp: TestIdp, samlResponse: string, certificatePem = idp.certificatePem) {
    return verifySamlResponse({
      samlResponseBase64: samlResponse,
      idpCertificatePem: certificatePem,
      idpEntityID: idp.entityID,
      ...SP,
      now: new Date(),
    });
  }

  /** The refusal of a result (fails the test if it was accepted). */
  async function refusal(pending: Promise<SamlResult>) {
    const result = await pending;
    if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.assertion)}`);
    return { code: result.code, reason: result.reason };
  }

  /** DER SEQUENCE { INTEGER r, INTEGER s } of a raw r||s signature (what XML-DSig must not carry). */
  function rawToDer(raw: Uint8Array): Uint8Array {
    const integer = (bytes: Uint8Array) => {
      let i = 0;
      while (i < bytes.length - 1 && bytes[i] === 0) i++;
      const body = bytes[i]! & 0x80 ? [0, ...bytes.subarray(i)] : [...bytes.subarray(i)];
      return [0x02, body.length, ...body];
    };
    const half = raw.length / 2;
    const inner = [...integer(raw.subarray(0, half)), ...integer(raw.subarray(half))];
    return new Uint8Array([0x30, ...(inner.length > 127 ? [0x81] : []), inner.length, ...inner]);
  }

  describe("ECDSA signatures", () => {
    it("accepts P-256 with ECDSA-SHA256 and P-384 with ECDSA-SHA384, at every signing level", async () => {
      for (const idp of [p256, p384]) {
        for (const sign of ["assertion", "response", "both"] as const) {
          const xml = decodeXml(await idp.response({ ...base, sign, inResponseTo: "id1" }));
          const hash = idp === p256 ? "ecdsa-sha256" : "ecdsa-sha384";
          expect(xml).toContain(`Algorithm="http://www.w3.org/2001/04/xmldsig-more#${hash}"`);
          const result = await verify(idp, encodeXml(xml));
          expect(result.ok, `${hash} ${sign}: ${JSON.stringify(result)}`).toBe(true);
          if (result.ok) expect(result.assertion.nameID).toBe("ada@example.com");
        }
      }
    });

    it("accepts the EC certificates when a provider is saved", () => {
      for (const idp of [p256, p384]) {
        expect(checkCertificate(idp.certificatePem, new Date()).ok).toBe(true);
      }
    });

    it("refuses a response tampered with after signing, or signed by another EC key", async () => {
      const tamper = (xml: string) => xml.replace(">ada@example.com<", ">eve@example.com<");
      for (const idp of [p256, p384]) {
        expect((await refusal(verify(idp, await idp.response({ ...base, tamper })))).code).toBe(
          "bad_signature",
        );
        const other = await idp.response({ ...base, signWith: "other" });
        expect((await refusal(verify(idp, other))).code).toBe("bad_signature");
      }
      const flipped = (xml: string) =>
        xml.replace(
          /(<ds:SignatureValue>)(.)/,
          (_, open: string, c: string) => open + (c === "A" ? "B" : "A"),
        );
      expect(
        (await refusal(verify(p256, await p256.response({ ...base, tamper: flipped })))).code,
      ).toBe("bad_signature");
    });

    it("refuses an ECDSA hash that is not the curve's, and an algorithm the certificate's key cannot make", async () => {
      const p256With384 = await p256.response({ ...base, algorithm: "ecdsa-sha384" });
      const wrongHash = await refusal(verify(p256, p256With384));
      expect(wrongHash.code).toBe("bad_signature");
      expect(wrongHash.reason).toMatch(/ECDSA-SHA384 needs an EC P-384 key.*EC P-256 key/);
      const p384With256 = await p384.response({ ...base, algorithm: "ecdsa-sha256" });
      expect((await refusal(verify(p384, p384With256))).reason).toMatch(/P-256 key.*P-384/);
      // The right algorithm name, the wrong curve: a P-384 signature checked with a P-256 certificate.
      const wrongCurve = await refusal(
        verify(p384, await p384.response(base), p256.certificatePem),
      );
      expect(wrongCurve.reason).toMatch(/needs an EC P-384 key.*holds an EC P-256 key/);
      // ECDSA against an RSA certificate, and RSA against an EC one.
      const ecForRsa = await refusal(verify(p256, await p256.response(base), rsa.certificatePem));
      expect(ecForRsa).toMatchObject({
        code: "bad_signature",
        reason: expect.stringMatching(/RSA key/),
      });
      const rsaForEc = await refusal(verify(rsa, await rsa.response(base), p256.certificatePem));
      expect(rsaForEc).toMatchObject({
        code: "bad_signature",
        reason: expect.stringMatching(/RSA-SHA256 needs an RSA key/),
      });
    });

    it("refuses an ECDSA signature encoded in DER instead of raw r||s", async () => {
      const xml = decodeXml(await p256.response(base));
      const raw = /<ds:SignatureValue>([^<]+)<\/ds:SignatureValue>/.exec(xml)![1]!;
      const rawBytes = Uint8Array.from(atob(raw.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
      expect(rawBytes.length).toBe(64);
      const der = btoa(String.fromCharCode(...rawToDer(rawBytes)));
      const refused = await refusal(verify(p256, encodeXml(xml.replace(raw, der))));
      expect(refused).toMatchObject({
        code: "bad_signature",
        reason: expect.stringMatching(/r\|\|s, 64 bytes/),
      });
    });

    it("refuses the wrapping variants of an EC-signed response", async () => {
      const signed = await p256.response(base);
      for (const wrapped of [
        wrapping.extraAssertion(signed, "eve@example.com"),
        wrapping.signedMovedToExtensions(signed, "eve@example.com"),
        wrapping.signatureOnForged(signed, "eve@example.com"),
        wrapping.signatureMovedToResponse(signed),
      ]) {
        expect((await refusal(verify(p256, wrapped))).code).toBe("wrapping");
      }
    });

    it("refuses a certificate on a curve other than P-256 and P-384, saying why", async () => {
      const algorithm = { name: "ECDSA", namedCurve: "P-521", hash: "SHA-512" };
      const keys = (await crypto.subtle.generateKey(algorithm, true, [
        "sign",
        "verify",
      ])) as CryptoKeyPair;
      const cert = await x509.X509CertificateGenerator.createSelfSigned({
        serialNumber: "01",
        name: new x509.Name([{ CN: ["P-521 IdP"] }]),
        notBefore: new Date(Date.now() - 60_000),
        notAfter: new Date(Date.now() + 86_400_000),
        signingAlgorithm: algorithm,
        keys,
      });
      const result = checkCertificate(cert.toString("pem"), new Date());
      expect(result.ok ? "ok" : result.reason).toMatch(/^unsupported: .*P-256 or P-384/);
    });
  });
});

describe("requests", () => {
  beforeAll(emptyStorage);
  // The SAML core's outgoing side, exercised directly: AuthnRequest redirects (plain and signed),
  // SP metadata, the SP key pair, and the certificate checks behind provider validation.
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
      expect(reason(certificatePem, new Date(Date.now() - 7 * 86_400_000))).toMatch(
        /^not yet valid/,
      );
    });
  });
});
