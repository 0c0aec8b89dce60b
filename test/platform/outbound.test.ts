import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OutboundError, createOutbound } from "../../src/outbound";
import { lookupTxt, txtText } from "../../src/outbound/txt";

// The outbound fetcher against the fake internet of test/network (the network boundary). The
// areas that use it (spec URLs, translation engines, dev tunnels) test it through their routes.
const outbound = createOutbound(env);

async function refusal(url: string, init?: Parameters<typeof outbound.request>[1]) {
  const error = await outbound.request(url, init).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return (error as OutboundError).code;
}

describe("outbound fetcher", () => {
  it("fetches a public URL and reads the whole body", async () => {
    const res = await outbound.request("https://echo.example.com/hello", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hi",
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ method: "POST", body: "hi" });
  });

  it.each([
    "ftp://echo.example.com/x",
    "file:///etc/passwd",
    "https://user:pw@echo.example.com/",
    "not a url",
  ])("refuses %s as an invalid URL", async (url) => {
    expect(await refusal(url)).toBe("invalid_url");
  });

  it.each([
    "http://127.0.0.1/",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://localhost:8787/",
    "http://api.localhost/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://10.1.2.3/",
    "http://172.20.0.1/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://100.64.0.1/",
    "http://0.0.0.0/",
    "http://metadata.google.internal/",
    "http://intranet/",
    "http://printer.local/",
    "https://rebind.example.com/",
    "https://loopback.example.com/",
    "https://mapped.example.com/",
  ])("refuses %s as a non-public address", async (url) => {
    expect(await refusal(url)).toBe("blocked_address");
  });

  it("re-checks every redirect and refuses one that leads inside", async () => {
    const to = encodeURIComponent("http://169.254.169.254/latest/meta-data/");
    expect(await refusal(`https://echo.example.com/redirect?to=${to}`)).toBe("blocked_address");
  });

  it("follows public redirects, at most five", async () => {
    const ok = await outbound.request(
      `https://echo.example.com/redirect?to=${encodeURIComponent("https://echo.example.com/end")}`,
    );
    expect(ok.url).toBe("https://echo.example.com/end");
    let url = "https://echo.example.com/end";
    for (let i = 0; i < 6; i++)
      url = `https://echo.example.com/redirect?to=${encodeURIComponent(url)}`;
    expect(await refusal(url)).toBe("too_many_redirects");
  });

  it("drops credentials on a redirect to another origin, keeps them on the same one", async () => {
    const headers = { authorization: "Bearer secret" };
    const same = encodeURIComponent("https://echo.example.com/end");
    const kept = await outbound.request(`https://echo.example.com/redirect?to=${same}`, {
      headers,
    });
    expect(kept.json()).toMatchObject({ headers: { authorization: "Bearer secret" } });
    const other = encodeURIComponent("https://other.example.com/end");
    const res = await outbound.request(`https://echo.example.com/redirect?to=${other}`, {
      headers,
    });
    expect(res.json()).toMatchObject({ url: "https://other.example.com/end" });
    expect(
      (res.json() as { headers: Record<string, string> }).headers.authorization,
    ).toBeUndefined();
  });

  it("turns a POST into a GET on a 303", async () => {
    const to = encodeURIComponent("https://echo.example.com/end");
    const res = await outbound.request(`https://echo.example.com/redirect?status=303&to=${to}`, {
      method: "POST",
      body: "x",
    });
    expect(res.json()).toMatchObject({ method: "GET", body: "" });
  });

  it("caps the response size and the time", async () => {
    const big = outbound.request("https://echo.example.com/bytes/2048", {}, { maxBytes: 1024 });
    await expect(big).rejects.toMatchObject({ code: "too_large" });
    const slow = outbound.request("https://echo.example.com/slow/2000", {}, { timeoutMs: 200 });
    await expect(slow).rejects.toMatchObject({ code: "timeout" });
  });

  it("reaches loopback only when local development allows it", async () => {
    const local = createOutbound({
      ...env,
      OUTBOUND_ALLOW_LOOPBACK: "true",
      PUBLIC_APP_URL: "http://localhost:8787/app",
    });
    const error = await local.request("http://10.0.0.1/").catch((e: unknown) => e);
    expect((error as OutboundError).code).toBe("blocked_address");
    // Loopback passes the check (the fake internet then answers 502 for an unknown host).
    const res = await local.request("http://localhost:9/");
    expect(res.status).toBe(502);
    // The var alone is not enough: a deployment whose app is not on this machine refuses.
    const deployed = createOutbound({ ...env, OUTBOUND_ALLOW_LOOPBACK: "true" });
    const refused = await deployed.request("http://localhost:9/").catch((e: unknown) => e);
    expect((refused as OutboundError).code).toBe("blocked_address");
  });

  it("looks TXT records up over DoH: split strings joined, NXDOMAIN apart from a resolver down", async () => {
    expect(txtText('"quire-verification=" "abc\\"d"')).toBe('quire-verification=abc"d');
    expect(txtText("bare value")).toBe("bare value");
    // NXDOMAIN is "no record"; the resolver's host is not resolved through itself (one request).
    expect(await lookupTxt(outbound, undefined, "_quire.nothing.example")).toEqual({
      ok: true,
      values: [],
    });
    const down = await lookupTxt(outbound, undefined, "_quire.x.resolver-down.example");
    expect(down).toEqual({ ok: false, reason: "the DNS resolver answered HTTP 503" });
    const elsewhere = await lookupTxt(outbound, "https://nowhere.invalid/dns-query", "_quire.a.b");
    expect(elsewhere.ok).toBe(false);
  });
});
