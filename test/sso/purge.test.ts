import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
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
    expect(now.sso).toEqual({
      requests: 0,
      codes: 0,
      assertions: 0,
      oidcStates: 0,
      passkeyChallenges: 0,
    });
    expect(await stateCounts()).toEqual({ requests: 1, codes: 1, assertions: 1 });

    // An hour later the request (10 min), the code (60 s) and the assertion (5 min) are expired.
    const later = await runScheduled(env, Date.now() + 3600_000);
    expect(later.sso).toEqual({
      requests: 1,
      codes: 1,
      assertions: 1,
      oidcStates: 0,
      passkeyChallenges: 0,
    });
    expect(await stateCounts()).toEqual({ requests: 0, codes: 0, assertions: 0 });
  });

  it("keeps an assertion id while its assertion would still be accepted (expiry plus skew)", async () => {
    const { idp, provider } = await makeSamlSetup();
    const nameID = ssoEmail();
    const respond = async (inResponseTo: string) =>
      idp.response({
        spEntityID: provider.service.entityID,
        acsURL: provider.service.acsURL,
        nameID,
        inResponseTo,
        assertionId: "_withinskew01",
        now: new Date(Date.now() - 300_000),
        notBefore: new Date(Date.now() - 300_000),
        // Expired a minute ago: still accepted within the 3 minutes of skew.
        notOnOrAfter: new Date(Date.now() - 60_000),
      });
    const first = await startLogin(idp, provider);
    const accepted = await postAcs(
      provider,
      await respond(first.request!.id),
      first.request!.relayState,
    );
    expect(accepted.status, accepted.text).toBe(303);
    const [cached] = await testDb()
      .select()
      .from(ssoAssertions)
      .where(eq(ssoAssertions.assertionId, "_withinskew01"));
    expect(Date.parse(cached!.expiresAt)).toBeGreaterThan(Date.now() + 60_000);

    await runScheduled(env, Date.now());
    const again = await startLogin(idp, provider);
    const replay = await postAcs(
      provider,
      await respond(again.request!.id),
      again.request!.relayState,
    );
    expect(replay.status).toBe(403);
    expect(replay.text).toContain("already used");
  });
});
