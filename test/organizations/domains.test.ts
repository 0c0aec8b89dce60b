import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { makeOrg, testDb } from "../helpers/factories";
import { markVerified, publishTxt } from "../helpers/domains";
import { readOrg, uniqueDomain } from "../helpers/organizations-factories";
import { orgEmailDomains } from "../../src/db/schema";
import { recheckDomains } from "../../src/services/organizations/domains/checks";

/**
 * An organization's e-mail domains and their DNS verification (`/v1/orgs/{id}/domains`, issue
 * 35): the domains are `emailDomains`, each with a TXT record to publish; checks answer what the
 * fake resolver of test/network/dns-txt.ts says (present, absent, another token, a resolver down);
 * the scheduled re-check fails a domain whose record is gone for 3 checks. Who may call them is
 * the authorization matrix of test/sso/providers-authz.test.ts.
 */

/** An organization and its admin's API client. */
async function world(emailDomains: string[] = []) {
  const { org, owner } = await makeOrg({ emailDomains });
  return { org, admin: as(owner.token), path: `/orgs/${org.id}/domains` };
}

describe("an organization's e-mail domains", () => {
  it("adds, lists, keeps and removes domains as the organization's emailDomains", async () => {
    const kept = uniqueDomain();
    const { org, admin, path } = await world([kept]);
    const domain = uniqueDomain();
    const added = await admin.post(path, { domain: ` ${domain.toUpperCase()} ` });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      object: "organization-domain",
      domain,
      status: "pending",
      record: { type: "TXT", name: `_quire.${domain}` },
      verifiedAt: null,
      lastCheckedAt: null,
      lastCheck: null,
    });
    expect(added.body.record.value).toMatch(/^quire-verification=[0-9a-f]{32}$/);
    expect(added.headers.get("Location")).toBe(added.body.urls.location);
    expect((await readOrg(org.id)).emailDomains).toEqual([kept, domain]);
    // Listed already: the same row, its token kept.
    const again = await admin.post(path, { domain });
    expect(again.status).toBe(200);
    expect(again.body.record.value).toBe(added.body.record.value);
    const list = await admin.get(`${path}?limit=1`);
    expect(list.body.count).toBe(2);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.next).toBeDefined();
    expect(d1Cost(list).roundTrips).toBe(1);
    expect((await admin.post(path, { domain: "not a domain" })).body.error.message).toMatch(
      /^body\.domain/,
    );
    // PATCH emailDomains keeps the standing of the domains it keeps.
    await markVerified(org.id, [kept]);
    await admin.patch(`/orgs/${org.id}`, { emailDomains: [kept, domain, uniqueDomain()] });
    const afterPatch = await admin.get(path);
    expect(afterPatch.body.count).toBe(3);
    const keptRow = afterPatch.body.items.find((d: { domain: string }) => d.domain === kept);
    expect(keptRow.status).toBe("verified");

    expect((await admin.delete(`${path}/${domain}`)).status).toBe(204);
    expect((await admin.delete(`${path}/${domain}`)).status).toBe(404);
    expect((await admin.post(`${path}/${domain}/check`)).status).toBe(404);
    expect((await readOrg(org.id)).emailDomains).not.toContain(domain);
    expect((await admin.get(path)).body.count).toBe(2);
  });

  it("checks the TXT record: absent, another token, present, and a resolver that is down", async () => {
    const domain = uniqueDomain();
    const { admin, path } = await world([domain]);
    const [row] = (await admin.get(path)).body.items;
    const check = () => admin.post(`${path}/${domain}/check`);
    const absent = await check();
    expect(absent.status, absent.text).toBe(200);
    expect(absent.body).toMatchObject({ status: "pending", lastCheck: { result: "absent" } });
    expect(absent.body.lastCheckedAt).not.toBeNull();
    await publishTxt(row.record.name, ["v=spf1 -all", "quire-verification=someone-else"]);
    expect((await check()).body).toMatchObject({
      status: "pending",
      lastCheck: { result: "mismatch" },
    });
    await publishTxt(row.record.name, ["v=spf1 -all", row.record.value]);
    const found = await check();
    expect(found.body).toMatchObject({ status: "verified", lastCheck: { result: "found" } });
    expect(found.body.verifiedAt).not.toBeNull();

    // The resolver down (HTTP 503, SERVFAIL, garbage): a clear result, never a 5xx, and a
    // verified domain stays verified.
    for (const host of ["resolver-down.example", "servfail.example", "garbled.example"]) {
      const other = `x.${host}`;
      const w = await world([other]);
      await markVerified(w.org.id, [other]);
      const res = await w.admin.post(`${w.path}/${other}/check`);
      expect(res.status, `${host}: ${res.text}`).toBe(200);
      expect(res.body.status).toBe("verified");
      expect(res.body.lastCheck).toEqual({
        result: "unreachable",
        message: "The DNS resolver did not answer: nothing changed; check again later.",
      });
    }
  });

  it("re-checks verified domains daily and fails one whose record is gone 3 times in a row", async () => {
    const domain = uniqueDomain();
    const { org, admin, path } = await world([domain]);
    const [row] = (await admin.get(path)).body.items;
    await publishTxt(row.record.name, [row.record.value]);
    await admin.post(`${path}/${domain}/check`);
    await publishTxt(row.record.name, []);
    const db = testDb();
    const mine = and(
      eq(orgEmailDomains.organizationId, org.id),
      eq(orgEmailDomains.domain, domain),
    );
    const standing = async () => (await db.select().from(orgEmailDomains).where(mine))[0]!;
    // Not due within a day of its check.
    expect((await recheckDomains(env, db, Date.now(), 1000)).checked).toBe(0);
    let now = Date.now();
    for (const misses of [1, 2, 3]) {
      // This domain's check is the oldest due: a run of one checks it.
      await db
        .update(orgEmailDomains)
        .set({ lastCheckedAt: "2000-01-01T00:00:00.000Z" })
        .where(mine);
      now += 25 * 60 * 60 * 1000;
      const report = await recheckDomains(env, db, now, 1);
      expect(report.checked).toBe(1);
      const after = await standing();
      expect(after.misses).toBe(misses);
      expect(after.status).toBe(misses < 3 ? "verified" : "failed");
    }
    expect((await admin.get(path)).body.items[0]).toMatchObject({
      status: "failed",
      verifiedAt: null,
      lastCheck: { result: "absent" },
    });
    // Failed domains are not re-checked by the cron; "Check now" verifies again once it is back.
    await publishTxt(row.record.name, [row.record.value]);
    const back = await admin.post(`${path}/${domain}/check`);
    expect(back.body).toMatchObject({ status: "verified", lastCheck: { result: "found" } });
    expect((await standing()).misses).toBe(0);
  });
});
