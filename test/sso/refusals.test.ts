import { describe, expect, it } from "vitest";
import { decodeXml, encodeXml } from "../helpers/saml-idp";
import { wrapping } from "../helpers/saml-xml";
import type { ResponseInput } from "../helpers/saml-xml";
import {
  makeSamlSetup,
  postAcs,
  provisioningCounts,
  ssoEmail,
  startLogin,
} from "../helpers/sso-factories";

/** A provider, a started login, and a response builder for it. */
async function setup() {
  const s = await makeSamlSetup();
  const { request } = await startLogin(s.idp, s.provider);
  const email = ssoEmail();
  const base: ResponseInput = {
    spEntityID: s.provider.service.entityID,
    acsURL: s.provider.service.acsURL,
    nameID: email,
    inResponseTo: request!.id,
  };
  return { ...s, request: request!, email, base };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** Posts a response and expects a refusal page with nothing provisioned. */
async function expectRefused(s: Setup, samlResponse: string, status: number, reason: RegExp) {
  const before = await provisioningCounts(s.org.id);
  const acs = await postAcs(s.provider, samlResponse, s.request.relayState);
  expect(acs.status, acs.text).toBe(status);
  expect(acs.res.headers.get("Content-Type")).toContain("text/html");
  expect(acs.text).toMatch(reason);
  expect(acs.text).toMatch(/Reference: <code>[A-Za-z0-9]{12}<\/code>/);
  expect(acs.text).not.toContain("quire_");
  expect(acs.location).toBeNull();
  expect(await provisioningCounts(s.org.id)).toEqual(before);
}

describe("ACS refusals: nothing is provisioned", () => {
  const day = 86_400_000;
  const cases: [string, (s: Setup) => Promise<string>, number, RegExp][] = [
    ["unsigned", (s) => s.idp.response({ ...s.base, sign: "none" }), 403, /sign/i],
    [
      "signed by another key",
      (s) => s.idp.response({ ...s.base, signWith: "other" }),
      403,
      /signature/i,
    ],
    [
      "tampered after signing",
      (s) =>
        s.idp.response({
          ...s.base,
          tamper: (xml) => xml.replace(s.email, `x${s.email}`),
        }),
      403,
      /signature|digest/i,
    ],
    [
      "expired",
      (s) =>
        s.idp.response({
          ...s.base,
          now: new Date(Date.now() - day),
          notBefore: new Date(Date.now() - day),
          notOnOrAfter: new Date(Date.now() - day + 300_000),
        }),
      403,
      /expire/i,
    ],
    [
      "not yet valid (beyond 3 minutes of skew)",
      (s) =>
        s.idp.response({
          ...s.base,
          now: new Date(Date.now() + 600_000),
          notBefore: new Date(Date.now() + 600_000),
          notOnOrAfter: new Date(Date.now() + 900_000),
        }),
      403,
      /not yet valid|valid/i,
    ],
    [
      "wrong audience",
      (s) => s.idp.response({ ...s.base, audience: "https://other.example/sp" }),
      403,
      /audience/i,
    ],
    [
      "wrong destination",
      (s) => s.idp.response({ ...s.base, destination: "https://other.example/acs" }),
      403,
      /destination|recipient/i,
    ],
    [
      "wrong issuer",
      (s) => s.idp.response({ ...s.base, issuer: "https://evil.example/idp" }),
      403,
      /issuer/i,
    ],
    [
      "status not Success",
      (s) => s.idp.response({ ...s.base, status: "urn:oasis:names:tc:SAML:2.0:status:Responder" }),
      403,
      /status/i,
    ],
    [
      "unknown InResponseTo",
      (s) => s.idp.response({ ...s.base, inResponseTo: "_unknown123" }),
      403,
      /no pending sign-in request/,
    ],
    [
      "wrapping: an unsigned assertion before the signed one",
      async (s) => wrapping.extraAssertion(await s.idp.response(s.base), "eve@sso.example"),
      403,
      /more than one Assertion/,
    ],
    [
      "wrapping: the signed assertion moved into Extensions",
      async (s) =>
        wrapping.signedMovedToExtensions(await s.idp.response(s.base), "eve@sso.example"),
      403,
      /more than one Assertion/,
    ],
    [
      "wrapping: the Signature carried by a forged assertion",
      async (s) => wrapping.signatureOnForged(await s.idp.response(s.base), "eve@sso.example"),
      403,
      /references another element/,
    ],
    [
      "wrapping: the Signature moved to the Response",
      async (s) => wrapping.signatureMovedToResponse(await s.idp.response(s.base)),
      403,
      /references another element/,
    ],
    [
      "wrapping: an extra assertion in a Response-signed message",
      async (s) =>
        wrapping.extraAssertion(
          await s.idp.response({ ...s.base, sign: "response" }),
          "eve@sso.example",
        ),
      403,
      /more than one Assertion/,
    ],
    ["not base64 XML", async () => "bm90IHhtbA==", 400, /./],
  ];
  for (const [name, build, status, reason] of cases) {
    it(`refuses: ${name}`, async () => {
      const s = await setup();
      await expectRefused(s, await build(s), status, reason);
    });
  }

  it("refuses a replayed assertion (same id, a new request)", async () => {
    const s = await setup();
    const first = await s.idp.response({ ...s.base, assertionId: "_replayed0001" });
    expect((await postAcs(s.provider, first, s.request.relayState)).status).toBe(303);
    // The very same POST again: its request is used.
    await expectRefused(s, first, 403, /no pending sign-in request|already used/);
    // The same assertion id answering a fresh request: the replay cache refuses it.
    const { request } = await startLogin(s.idp, s.provider);
    const again = await s.idp.response({
      ...s.base,
      inResponseTo: request!.id,
      assertionId: "_replayed0001",
    });
    await expectRefused({ ...s, request: request! }, again, 403, /already used/);
  });

  it("refuses a RelayState that is not the request's", async () => {
    const s = await setup();
    await expectRefused(
      { ...s, request: { ...s.request, relayState: "forged" } },
      await s.idp.response(s.base),
      403,
      /RelayState/,
    );
  });

  it("refuses a comment injected into the NameID: no user, whole or cut short", async () => {
    const s = await setup();
    const full = `victim@sso.example.attacker.test`;
    const b64 = await s.idp.response({ ...s.base, nameID: full });
    const injected = decodeXml(b64).replace(
      `>${full}</saml:NameID>`,
      `>victim@sso.example<!---->.attacker.test</saml:NameID>`,
    );
    expect(injected).toContain("<!---->");
    await expectRefused(s, encodeXml(injected), 403, /comment/);
    const { testDb } = await import("../helpers/factories");
    const { users } = await import("../../src/db/schema");
    const { inArray } = await import("drizzle-orm");
    const found = await testDb()
      .select()
      .from(users)
      .where(inArray(users.email, ["victim@sso.example", full]));
    expect(found).toHaveLength(0);
  });

  it("refuses an unsolicited assertion wrapped in an unsigned Response naming a request", async () => {
    const s = await setup();
    const unsolicited = decodeXml(await s.idp.response({ ...s.base, inResponseTo: null }));
    const claimed = unsolicited.replace(
      "<samlp:Response ",
      `<samlp:Response InResponseTo="${s.request.id}" `,
    );
    await expectRefused(s, encodeXml(claimed), 403, /InResponseTo is not signed/);
  });
});
