// The SAML core's verification of posted Responses, exercised directly (a pure core, like
// src/content): a valid login and every refusal the ACS relies on.
import { beforeAll, describe, expect, it } from "vitest";
import { verifySamlResponse, type SamlResult } from "../../src/saml";
import { createTestIdp, decodeXml, encodeXml, type TestIdp } from "../helpers/saml-idp";
import { wrapping } from "../helpers/saml-xml";

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
      expect(await refusal(verify(await idp.response({ ...base, sign, signWith: "other" })))).toBe(
        "bad_signature",
      );
    }
  });

  it("refuses a response tampered with after signing", async () => {
    const tamper = (xml: string) => xml.replace(">ada@example.com<", ">eve@example.com<");
    expect(await refusal(verify(await idp.response({ ...base, tamper })))).toBe("bad_signature");
    const destination = (xml: string) =>
      xml.replace(/Destination="[^"]*"/, 'Destination="https://quire.test/x"');
    expect(
      await refusal(verify(await idp.response({ ...base, sign: "response", tamper: destination }))),
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
    const wrongAudience = await idp.response({ ...base, audience: "https://other.test/metadata" });
    expect(await refusal(verify(wrongAudience))).toBe("wrong_audience");
    const wrongDestination = await idp.response({ ...base, destination: "https://other.test/acs" });
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
    expect(await refusal(verify(wrapping.signedMovedToExtensions(signed, "eve@example.com")))).toBe(
      "wrapping",
    );
    expect(await refusal(verify(wrapping.signatureOnForged(signed, "eve@example.com")))).toBe(
      "wrapping",
    );
    expect(await refusal(verify(wrapping.signatureMovedToResponse(signed)))).toBe("wrapping");
    const responseSigned = await idp.response({ ...base, sign: "response" });
    expect(await refusal(verify(wrapping.extraAssertion(responseSigned, "eve@example.com")))).toBe(
      "wrapping",
    );
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
