import { describe, expect, it } from "vitest";
import { call, workerFetch } from "../helpers/api";
import { codeOf, makeSamlSetup, postAcs, ssoEmail, startLogin } from "../helpers/sso-factories";

/** GETs the callback page the way the browser does after the ACS's 303. */
async function callbackPage(query: string) {
  const res = await workerFetch(`https://quire.test/app/sso/callback${query}`);
  return { res, html: await res.text() };
}

describe("GET /app/sso/callback (where a browser sign-in ends)", () => {
  it("shows the code of a real sign-in and its exchange, without spending it", async () => {
    const { idp, provider } = await makeSamlSetup();
    const { request } = await startLogin(idp, provider);
    const samlResponse = await idp.response({
      spEntityID: provider.service.entityID,
      acsURL: provider.service.acsURL,
      nameID: ssoEmail(),
      inResponseTo: request!.id,
    });
    const acs = await postAcs(provider, samlResponse, request!.relayState);
    expect(acs.status, acs.text).toBe(303);
    const code = codeOf(acs.location);

    const { res, html } = await callbackPage(`?code=${encodeURIComponent(code)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none';/);
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(html).toContain("<h1>Signed in</h1>");
    expect(html).toContain(`{"code":"${code}"}`);
    expect(html).toContain("https://quire.test/v1/sso/token");
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=/i);

    // Showing the page spent nothing: the code is exchanged once, afterwards.
    const exchanged = await call("POST", "/sso/token", { body: { code } });
    expect(exchanged.status, exchanged.text).toBe(200);
  });

  it("answers 400 with a plain page when the URL carries no code, or markup instead of one", async () => {
    for (const query of ["", "?code=", `?code=${encodeURIComponent('<script>x</script>"')}`]) {
      const { res, html } = await callbackPage(query);
      expect(res.status, query).toBe(400);
      expect(html).toContain("<h1>No sign-in code</h1>");
      expect(html).not.toContain("<script");
    }
  });
});
