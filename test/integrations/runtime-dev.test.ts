import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeOrg, testDb } from "../helpers/factories";
import { eventually } from "../helpers/jobs";
import { publishScript, settledEvent } from "../helpers/integration-events-factories";
import { unseal } from "../../src/services/integrations/secrets";
import { integrations } from "../../src/db/schema";

/** The base64 HMAC-SHA256 a Standard Webhooks receiver expects, computed independently. */
async function expectedSignature(secret: string, id: string, ts: string, body: Uint8Array) {
  const raw = Uint8Array.from(atob(secret.replace(/^whsec_/, "")), (ch) => ch.charCodeAt(0));
  const key = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const prefix = new TextEncoder().encode(`${id}.${ts}.`);
  const signed = new Uint8Array([...prefix, ...body]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, signed));
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

describe("integration runtime: development mode", () => {
  it("delivers signed events to the tunnel while on, to the script once off", async () => {
    const { org, owner } = await makeOrg();
    const key = crypto.randomUUID();
    const { name, installationId } = await publishScript(owner.token, org.id);
    // The install's event went to the script; now turn dev mode on and reinstall on a new org
    // member's change: use a PATCH of the installation to produce installation_setup again.
    await settledEvent(owner.token, name, "installation_setup");
    const bad = await as(owner.token).put(`/integrations/${name}/dev`, { tunnelUrl: "ftp://x" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("tunnelUrl");
    const on = await as(owner.token).put(`/integrations/${name}/dev`, {
      tunnelUrl: `https://tunnel.example.com/hook/${key}`,
    });
    expect(on.status, on.text).toBe(204);
    const patched = await as(owner.token).patch(
      `/integrations/${name}/installations/${installationId}`,
      { configuration: { color: "red" } },
    );
    expect(patched.status, patched.text).toBe(200);
    const deliveries = await eventually(async () => {
      const res = await fetch(`https://tunnel.example.com/received/${key}`);
      const list = (await res.json()) as { headers: Record<string, string>; body: string }[];
      expect(list.length).toBeGreaterThan(0);
      return list;
    });
    const { headers, body } = deliveries[0]!;
    const bytes = Uint8Array.from(atob(body), (ch) => ch.charCodeAt(0));
    const text = new TextDecoder().decode(bytes);
    expect(headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(text).toContain('name="event"');
    expect(text).toContain('name="environment"');
    const row = (await testDb().select().from(integrations).where(eq(integrations.name, name)))[0];
    const secret = await unseal(env.SIGNING_SECRET, row!.signingSecretSealed);
    expect(headers["webhook-signature"]).toBe(
      await expectedSignature(secret, headers["webhook-id"]!, headers["webhook-timestamp"]!, bytes),
    );
    const off = await as(owner.token).delete(`/integrations/${name}/dev`);
    expect(off.status).toBe(205);
    const after = (
      await testDb().select().from(integrations).where(eq(integrations.name, name))
    )[0];
    expect(after).toMatchObject({ devTunnelUrl: null, devAllRequests: false });
  }, 60_000);
});
