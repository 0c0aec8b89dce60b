import { describe, expect, it, beforeAll } from "vitest";
import { env } from "cloudflare:test";
import { as, workerFetch } from "../helpers/api";
import { makeMember, makeOrg, makeOrgWithRoles, makeUser, testDb } from "../helpers/factories";
import {
  integrationName,
  PNG_BASE64,
  publish,
  VALID_SCRIPT,
  publishAndInstall,
} from "../helpers/integrations-factories";
import {
  publishScript,
  settledEvent,
  type WireEvent,
} from "../helpers/integration-events-factories";
import { eq } from "drizzle-orm";
import { runScheduled } from "../../src/scheduled";
import {
  apiTokens,
  contentGrants,
  integrationInstallations,
  organizations,
  users,
} from "../../src/db/schema";
import { makeSpace } from "../helpers/spaces-factories";
import { emptyStorage } from "../helpers/storage";

describe("publish", () => {
  describe("publishing integrations", () => {
    it("publishes version 1, then increments the version on every publish", async () => {
      const { org, owner } = await makeOrg();
      const name = integrationName();
      const first = await publish(owner.token, name, org.id);
      expect(first.status, first.text).toBe(200);
      expect(first.body).toMatchObject({
        object: "integration",
        name,
        version: 1,
        visibility: "private",
        target: "all",
        scopes: ["space:content:read"],
        owner: { id: org.id },
        permissions: { admin: true },
      });
      const second = await publish(owner.token, name, org.id, { title: "Renamed" });
      expect(second.body).toMatchObject({ version: 2, title: "Renamed" });
      const read = await as(owner.token).get(`/integrations/${name}`);
      expect(read.body).toMatchObject({ version: 2, title: "Renamed" });
    });

    it("stores the script in R2 by content hash", async () => {
      const { org, owner } = await makeOrg();
      await publish(owner.token, integrationName(), org.id);
      const hash = [
        ...new Uint8Array(
          await crypto.subtle.digest("SHA-256", new TextEncoder().encode(VALID_SCRIPT)),
        ),
      ]
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
      const object = await env.FILES.get(`integrations/scripts/${hash}.js`);
      expect(await object?.text()).toBe(VALID_SCRIPT);
    });

    it("accepts the organization's hostname", async () => {
      const { org, owner } = await makeOrg();
      const { testDb } = await import("../helpers/factories");
      const { organizations } = await import("../../src/db/schema");
      const { eq } = await import("drizzle-orm");
      // An organization hostname is at most 32 characters (official Organization.hostname).
      const hostname = `h${crypto.randomUUID().slice(0, 8)}.example.test`;
      await testDb().update(organizations).set({ hostname }).where(eq(organizations.id, org.id));
      const res = await publish(owner.token, integrationName(), hostname);
      expect(res.status, res.text).toBe(200);
      expect(res.body.owner.id).toBe(org.id);
    });

    it("never returns the secrets, and seals them at rest", async () => {
      const { org, owner } = await makeOrg();
      const name = integrationName();
      const secret = "s3cr3t-value-that-must-not-leak";
      const res = await publish(owner.token, name, org.id, { secrets: { API_KEY: secret } });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(secret);
      expect(res.text).not.toContain("API_KEY");
      const read = await as(owner.token).get(`/integrations/${name}`);
      expect(read.text).not.toContain(secret);
      const list = await as(owner.token).get(`/integrations`);
      expect(list.text).not.toContain(secret);
      const { testDb } = await import("../helpers/factories");
      const { integrations } = await import("../../src/db/schema");
      const { eq } = await import("drizzle-orm");
      const [row] = await testDb().select().from(integrations).where(eq(integrations.name, name));
      expect(row!.secretsSealed).toBeTruthy();
      expect(row!.secretsSealed).not.toContain(secret);
      const { openSecrets } = await import("../../src/services/integrations/secrets");
      expect(await openSecrets(env.SIGNING_SECRET, row!.secretsSealed)).toEqual({
        API_KEY: secret,
      });
    });

    it("serves the icon and preview images through signed URLs", async () => {
      const { org, owner } = await makeOrg();
      const res = await publish(owner.token, integrationName(), org.id, {
        icon: PNG_BASE64,
        previewImages: [PNG_BASE64],
      });
      expect(res.status, res.text).toBe(200);
      const icon = res.body.urls.icon as string;
      expect(icon).toMatch(/\/integration-assets\?/);
      expect(res.body.previewImages).toHaveLength(1);
      const image = await workerFetch(icon);
      expect(image.status).toBe(200);
      expect(image.headers.get("Content-Type")).toBe("image/png");
      const tampered = await workerFetch(icon.replace(/sig=[^&]+/, "sig=AAAA"));
      expect(tampered.status).toBe(403);
    });

    it("refuses an icon that is not an image", async () => {
      const { org, owner } = await makeOrg();
      const res = await publish(owner.token, integrationName(), org.id, { icon: btoa("<svg/>") });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^body\.icon/);
    });

    it("enforces the name grammar (400) and answers 404 for unknown names", async () => {
      const { org, owner } = await makeOrg();
      const bad = await publish(owner.token, "bad name!", org.id);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/integrationName/);
      expect((await as(owner.token).get("/integrations/bad%20name")).status).toBe(400);
      const missing = await as(owner.token).get(`/integrations/${integrationName()}`);
      expect(missing.status).toBe(404);
      const dotted = await publish(owner.token, `a.b_c-${integrationName()}`, org.id);
      expect(dotted.status).toBe(200);
    });

    it("refuses a script over 5 MiB with 413", async () => {
      const { org, owner } = await makeOrg();
      const script = `${VALID_SCRIPT}\n//${"x".repeat(5 * 1024 * 1024)}`;
      const res = await publish(owner.token, integrationName(), org.id, { script });
      expect(res.status).toBe(413);
    });

    it("refuses a script without a fetch handler, naming the problem", async () => {
      const { org, owner } = await makeOrg();
      const res = await publish(owner.token, integrationName(), org.id, {
        script: "export default {}",
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^body\.script: .*fetch/);
      const broken = await publish(owner.token, integrationName(), org.id, {
        script: "export def",
      });
      expect(broken.status).toBe(400);
    });

    it("needs an admin of the publishing organization", async () => {
      const { org } = await makeOrg();
      const editor = await makeMember(org.id, "create");
      expect((await publish(editor.token, integrationName(), org.id)).status).toBe(403);
      const stranger = await makeUser();
      expect((await publish(stranger.token, integrationName(), org.id)).status).toBe(404);
      expect((await publish(stranger.token, integrationName(), "no-such-org")).status).toBe(404);
    });

    it("lets only the owner's admins republish a name", async () => {
      const world = await makeOrgWithRoles();
      const name = integrationName();
      await publish(world.owner.token, name, world.org.id, { visibility: "public" });
      // An admin elsewhere sees the public integration but may not take it over.
      const other = await publish(world.outsider.token, name, world.outsiderOrg.id);
      expect(other.status).toBe(403);
      const privateName = integrationName();
      await publish(world.owner.token, privateName, world.org.id);
      const hidden = await publish(world.outsider.token, privateName, world.outsiderOrg.id);
      expect(hidden.status).toBe(404);
      // The owner cannot move it to another organization by republishing.
      const { org: second } = await makeOrg({ owner: world.owner });
      const moved = await publish(world.owner.token, name, second.id);
      expect(moved.status).toBe(400);
      expect(moved.body.error.message).toMatch(/^body\.organization/);
    });

    it("deletes an integration for the owner's admins (204, also when absent)", async () => {
      const world = await makeOrgWithRoles();
      const name = integrationName();
      await publish(world.owner.token, name, world.org.id, { visibility: "public" });
      expect((await as(world.roles.create.token).delete(`/integrations/${name}`)).status).toBe(403);
      expect((await as(world.outsider.token).delete(`/integrations/${name}`)).status).toBe(403);
      expect((await as(world.owner.token).delete(`/integrations/${name}`)).status).toBe(204);
      expect((await as(world.owner.token).get(`/integrations/${name}`)).status).toBe(404);
      expect((await as(world.owner.token).delete(`/integrations/${name}`)).status).toBe(204);
    });
  });
});

describe("events-pending", () => {
  beforeAll(emptyStorage);
  describe("integration events in flight", () => {
    it("lists an event still being delivered inside the official enum, its state in flight", async () => {
      const { org, owner } = await makeOrg();
      // Never answers: the event stays in flight through its attempts (2 s each in tests).
      const hang = `export default { async fetch() { await new Promise((r) => setTimeout(r, 60_000)); return new Response("late"); } }`;
      const { name } = await publishScript(owner.token, org.id, hang);
      // `as(...)` validates every answer against the official schema, whose `status` enum is
      // `success | failed` only: an event in flight must pass it.
      const list = await as(owner.token).get(`/integrations/${name}/events`);
      expect(list.status, list.text).toBe(200);
      const items = list.body.items as WireEvent[];
      expect(items.map((e) => [e.payload.type, e.status])).toEqual([
        ["installation_setup", "failed"],
      ]);
      expect(["queued", "retrying"]).toContain(items[0]!.state);
      expect(list.body.count).toBe(1);
      const detail = await as(owner.token).get(`/integrations/${name}/events/${items[0]!.id}`);
      expect(detail.status, detail.text).toBe(200);
      expect(detail.body.event.status).toBe("failed");
      expect(["queued", "retrying", "settled"]).toContain(detail.body.event.state);
      const { event } = await settledEvent(owner.token, name, "installation_setup", 30_000);
      expect(event).toMatchObject({ status: "failed", state: "settled" });
      expect(event.error).toEqual(expect.any(String));
    }, 40_000);

    it("answers a delivered event as success, settled", async () => {
      const { org, owner } = await makeOrg();
      const ok = `export default { async fetch() { return new Response("ok") } }`;
      const { name } = await publishScript(owner.token, org.id, ok);
      const { event } = await settledEvent(owner.token, name, "installation_setup");
      expect(event).toMatchObject({ status: "success", state: "settled" });
      expect(event.error).toBeUndefined();
    }, 40_000);
  });
});

describe("retention", () => {
  beforeAll(emptyStorage);
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
        (await as(owner.token).get(`/integrations/${name}/installations/${installation.id}`))
          .status,
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
});
