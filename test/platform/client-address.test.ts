import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { clientAddress, addressOrNull } from "../../core/requests/client-address";
import { call } from "../helpers/api";
import { uniqueAddress } from "../helpers/addresses";

const LOW = (env as unknown as { RATE_LIMIT_TEST_LOW: RateLimit }).RATE_LIMIT_TEST_LOW;

/** The API's bindings with the anonymous budget on the 5-per-minute binding and `header` trusted. */
function trusting(header: string): Cloudflare.Env {
  return { ...env, RATE_LIMIT_IP: LOW, RATE_LIMIT_IP_LIMIT: "5", CLIENT_ADDRESS_HEADER: header };
}

/** Sends `n` anonymous reads with `headers`; the statuses. */
async function burst(bindings: Cloudflare.Env, headers: Record<string, string>, n = 6) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    statuses.push((await call("GET", "/openapi.json", { token: null, headers, bindings })).status);
  }
  return statuses;
}

async function awayFromWindowEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Finding 14 of the probe: the client-address header is the deployment's choice. */
describe("the trusted client-address header", () => {
  it("reads an address from the configured header only; a list gives its last entry", () => {
    const headers = new Headers({
      "CF-Connecting-IP": "192.0.2.1",
      "X-Forwarded-For": "10.9.9.9, 192.0.2.7",
    });
    expect(clientAddress(headers, undefined)).toBe("192.0.2.1");
    expect(clientAddress(headers, "")).toBe("192.0.2.1");
    expect(clientAddress(headers, "X-Forwarded-For")).toBe("192.0.2.7");
    expect(clientAddress(headers, "none")).toBeNull();
    expect(clientAddress(new Headers(), undefined)).toBeNull();
    for (const bad of ["", "evil", "1.2.3", "x".repeat(60), "<script>", "::g"]) {
      expect(addressOrNull(bad)).toBeNull();
    }
    for (const good of ["192.0.2.1", "2001:db8::1", "::1", "fe80::1%eth0"]) {
      expect(addressOrNull(good)).toBe(good);
    }
  });

  it("behind a proxy of one's own, CF-Connecting-IP is not believed and the proxy's is", async () => {
    await awayFromWindowEdge();
    const bindings = trusting("X-Forwarded-For");
    const proxied = uniqueAddress();
    // A client rotating CF-Connecting-IP behind the proxy still spends one budget.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const headers = { "CF-Connecting-IP": uniqueAddress(), "X-Forwarded-For": proxied };
      statuses.push(
        (await call("GET", "/openapi.json", { token: null, headers, bindings })).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    // Another client behind the same proxy has its own.
    expect(await burst(bindings, { "X-Forwarded-For": `6.6.6.6, ${uniqueAddress()}` }, 1)).toEqual([
      200,
    ]);
  });
});
