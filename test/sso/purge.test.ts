import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { ssoAssertions, ssoCodes, ssoRequests } from "../../src/db/schema";
import { runScheduled } from "../../src/scheduled";
import { testDb } from "../helpers/factories";
import { makeSamlSetup, postAcs, ssoEmail, startLogin } from "../helpers/sso-factories";

/** Rows of the three sign-in state tables. */
async function stateCounts() {
  const db = testDb();
  const [r, c, a] = await db.batch([
    db.select({ n: count() }).from(ssoRequests),
    db.select({ n: count() }).from(ssoCodes),
    db.select({ n: count() }).from(ssoAssertions),
  ]);
  return { requests: r[0]!.n, codes: c[0]!.n, assertions: a[0]!.n };
}

describe("the scheduled SSO purge", () => {
  it("deletes expired requests, codes and replay-cache entries, and keeps live ones", async () => {
    const { idp, provider } = await makeSamlSetup();
    const { request } = await startLogin(idp, provider);
    const samlResponse = await idp.response({
      spEntityID: provider.service.entityID,
      acsURL: provider.service.acsURL,
      nameID: ssoEmail(),
      inResponseTo: request!.id,
    });
    expect((await postAcs(provider, samlResponse, request!.relayState)).status).toBe(303);
    await startLogin(idp, provider);
    expect(await stateCounts()).toEqual({ requests: 1, codes: 1, assertions: 1 });

    const now = await runScheduled(env, Date.now());
    expect(now.sso).toEqual({ requests: 0, codes: 0, assertions: 0 });
    expect(await stateCounts()).toEqual({ requests: 1, codes: 1, assertions: 1 });

    // An hour later the request (10 min), the code (60 s) and the assertion (5 min) are expired.
    const later = await runScheduled(env, Date.now() + 3600_000);
    expect(later.sso).toEqual({ requests: 1, codes: 1, assertions: 1 });
    expect(await stateCounts()).toEqual({ requests: 0, codes: 0, assertions: 0 });
  });
});
