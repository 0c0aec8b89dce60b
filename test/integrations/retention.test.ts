import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runScheduled } from "../../src/scheduled";
import {
  apiTokens,
  contentGrants,
  integrationInstallations,
  organizations,
  users,
} from "../../src/db/schema";
import { as } from "../helpers/api";
import { makeOrg, testDb } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { publishAndInstall } from "../helpers/integrations-factories";

/** The bot user id of an installation (the API never shows it). */
async function botOf(installationId: string) {
  const [row] = await testDb()
    .select({ id: integrationInstallations.botUserId })
    .from(integrationInstallations)
    .where(eq(integrationInstallations.id, installationId));
  return row!.id;
}

describe("integration retention (scheduled)", () => {
  it("purges expired installation tokens and nothing else", async () => {
    const { org, owner } = await makeOrg();
    const { name, installation } = await publishAndInstall(owner.token, org.id);
    const bot = await botOf(installation.id);
    const issued = await as(owner.token).post(
      `/integrations/${name}/installations/${installation.id}/tokens`,
    );
    expect(issued.status, issued.text).toBe(200);
    const tokensOf = async (userId: string) =>
      testDb().select().from(apiTokens).where(eq(apiTokens.userId, userId));
    expect(await tokensOf(bot)).toHaveLength(1);
    // Before expiry nothing goes; two hours later the installation token is purged.
    await runScheduled(env, Date.now());
    expect(await tokensOf(bot)).toHaveLength(1);
    const report = await runScheduled(env, Date.now() + 2 * 3600_000);
    expect(report.integrations).toMatchObject({ expiredTokens: 1 });
    expect(await tokensOf(bot)).toHaveLength(0);
    // People's tokens stay, and the installation itself is untouched.
    expect(await tokensOf(owner.user.id)).not.toHaveLength(0);
    expect(
      (await as(owner.token).get(`/integrations/${name}/installations/${installation.id}`)).status,
    ).toBe(200);
  });

  it("purges the bot users, tokens and grants left by a deleted organization", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const { name, installation } = await publishAndInstall(owner.token, org.id);
    const base = `/integrations/${name}/installations/${installation.id}`;
    expect((await as(owner.token).post(`${base}/spaces`, { space: space.id })).status).toBe(201);
    expect((await as(owner.token).post(`${base}/tokens`)).status).toBe(200);
    const bot = await botOf(installation.id);
    // An installation elsewhere stays with its bot.
    const other = await makeOrg();
    const kept = await publishAndInstall(other.owner.token, other.org.id);
    const keptBot = await botOf(kept.installation.id);

    // No API deletes an organization: the operator's direct delete cascades to installations.
    await testDb().delete(organizations).where(eq(organizations.id, org.id));
    const report = await runScheduled(env, Date.now());
    expect(report.integrations).toMatchObject({ orphanBots: 1 });
    expect(await testDb().select().from(users).where(eq(users.id, bot))).toHaveLength(0);
    expect(await testDb().select().from(apiTokens).where(eq(apiTokens.userId, bot))).toHaveLength(
      0,
    );
    expect(
      await testDb().select().from(contentGrants).where(eq(contentGrants.principalId, bot)),
    ).toHaveLength(0);
    expect(await testDb().select().from(users).where(eq(users.id, keptBot))).toHaveLength(1);
  });
});
