import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { setDisabled } from "../helpers/organizations-factories";
import { asSession } from "../helpers/sessions";
import {
  codeOf,
  makeSamlSetup,
  postAcs,
  ssoEmail,
  startLogin,
  type WireProvider,
} from "../helpers/sso-factories";
import type { TestIdp } from "../helpers/saml-idp";

/** A complete SP-initiated login of `email`: the one-time code of the ACS's redirect. */
async function codeFor(idp: TestIdp, provider: WireProvider, email: string): Promise<string> {
  const { request } = await startLogin(idp, provider);
  const samlResponse = await idp.response({
    spEntityID: provider.service.entityID,
    acsURL: provider.service.acsURL,
    nameID: email,
    displayName: "Grace Hopper",
    inResponseTo: request!.id,
  });
  const acs = await postAcs(provider, samlResponse, request!.relayState);
  expect(acs.location!.startsWith("https://app.quire.test/sso/callback?code=")).toBe(true);
  return codeOf(acs.location);
}

describe("POST /v1/sessions/sso (a SAML sign-in ends in a session)", () => {
  it("spends the ACS's code for a session, once; a disabled member's code is refused", async () => {
    const { idp, org, provider } = await makeSamlSetup();
    const email = ssoEmail();
    const code = await codeFor(idp, provider, email);
    const res = await call("POST", "/sessions/sso", { body: { code } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      session: { method: "saml", current: true },
      user: { email, displayName: "Grace Hopper" },
    });
    const secret = /^quire_session=(qs_[^;]+);/.exec(res.headers.get("Set-Cookie") ?? "")![1];
    const session = asSession({ headers: { Cookie: `quire_session=${secret}` } });
    expect((await session.get(`/orgs/${org.id}`)).status).toBe(200);
    // Single use, whichever exchange asks second.
    expect((await call("POST", "/sessions/sso", { body: { code } })).status).toBe(401);
    expect((await call("POST", "/sso/token", { body: { code } })).status).toBe(401);
    // The API token exchange still works for a fresh code.
    const token = await call("POST", "/sso/token", {
      body: { code: await codeFor(idp, provider, email) },
    });
    expect(token.status).toBe(200);
    expect(token.body.token).toMatch(/^quire_/);
    // Disabled between the ACS and the exchange: no session.
    const late = await codeFor(idp, provider, email);
    await setDisabled(org.id, res.body.user.id);
    const refused = await call("POST", "/sessions/sso", { body: { code: late } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Set-Cookie")).toBeNull();
    expect((await session.get("/user")).status).toBe(401);
  });
});
