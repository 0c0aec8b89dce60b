// ECDSA-signed SAML Responses (EC certificates, as Keycloak and ADFS can use): accepted with the
// curve's own hash, refused when tampered with, when the algorithm does not match the
// certificate's key or curve, and when the signature is not raw r||s. RSA is covered by core.test.
import { beforeAll, describe, expect, it } from "vitest";
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { checkCertificate, verifySamlResponse, type SamlResult } from "../../src/saml";
import { createTestIdp, decodeXml, encodeXml, type TestIdp } from "../helpers/saml-idp";
import { wrapping } from "../helpers/saml-xml";

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
    const wrongCurve = await refusal(verify(p384, await p384.response(base), p256.certificatePem));
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
