/**
 * The fake internet of the test suite. vitest.config.ts routes every outbound `fetch` of the
 * Worker under test here (Miniflare's `outboundService`); this module runs in Node and answers
 * by host name. Each area registers the hosts its tests use, one line each; any other host
 * answers 502, so no test ever reaches the real network.
 */
import translateHost from "./translate.ts";
import specsHost from "./specs.ts";
import tunnelHost from "./tunnel.ts";
import embedsHost from "./embeds.ts";
import idpHost, { tamperHost } from "./oidc.ts";
import mailHost from "./mail.ts";
import gitbookApiHost from "./gitbook-api.ts";
import gitHost from "./git-host.ts";
import githubHost from "./github.ts";
import { answerTxt, publishTxt } from "./dns-txt.ts";

type FakeHost = (request: Request) => Response | Promise<Response>;

const HOSTS: Record<string, FakeHost> = {
  "cloudflare-dns.com": dns,
  "echo.example.com": echo,
  "other.example.com": echo,
  "translate.example.com": translateHost,
  "specs.example.com": specsHost,
  "tunnel.example.com": tunnelHost,
  "embeds.example.com": embedsHost,
  "www.youtube.com": embedsHost,
  "idp.example.com": idpHost,
  "tamper.example.com": tamperHost,
  "mail.example.com": mailHost,
  "gitbook.example.com": gitbookApiHost,
  "git.example.com": gitHost,
  "github.example.com": githubHost,
};

/** What the fake DNS answers: names of this map, else any `*.example.com` is public. */
const DNS_RECORDS: Record<string, { A?: string[]; AAAA?: string[] }> = {
  "rebind.example.com": { A: ["93.184.215.14", "10.0.0.7"] },
  "loopback.example.com": { A: ["127.0.0.1"] },
  "mapped.example.com": { AAAA: ["::ffff:169.254.169.254"] },
  "www.youtube.com": { A: ["93.184.215.14"] },
};

/**
 * `cloudflare-dns.com`: the DNS-over-HTTPS JSON API the outbound fetcher resolves names with, and
 * the TXT records of domain verification (dns-txt.ts).
 */
function dns(request: Request): Response | Promise<Response> {
  const url = new URL(request.url);
  if (request.method === "PUT" && url.pathname === "/__txt") return publishTxt(request);
  const name = (url.searchParams.get("name") ?? "").toLowerCase();
  if (url.searchParams.get("type") === "TXT") return answerTxt(name);
  const type = url.searchParams.get("type") === "AAAA" ? "AAAA" : "A";
  const known = DNS_RECORDS[name];
  const addresses = known
    ? (known[type] ?? [])
    : name.endsWith(".example.com") && type === "A"
      ? ["93.184.215.14"]
      : [];
  const found = known !== undefined || name.endsWith(".example.com");
  return Response.json({
    Status: found ? 0 : 3,
    Answer: addresses.map((data) => ({ name, type: type === "A" ? 1 : 28, TTL: 60, data })),
  });
}

/** Miniflare's outboundService: the one network boundary of the tests. */
export async function fakeInternet(request: Request): Promise<Response> {
  const host = new URL(request.url).hostname;
  const handler = HOSTS[host];
  if (!handler) return new Response(`no fake host ${host}`, { status: 502 });
  return handler(request);
}

/**
 * `echo.example.com`: answers what it received; `/status/<n>` answers that status,
 * `/redirect?to=<url>` redirects, `/bytes/<n>` answers n bytes, `/slow/<ms>` waits first,
 * `/stream/<n>?type=<media type>` streams n bytes (`streamedByte(i)`) with no declared length.
 */
async function echo(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const [, verb, arg] = url.pathname.split("/");
  if (verb === "status") return new Response(`status ${arg}`, { status: Number(arg) });
  if (verb === "redirect") {
    return new Response(null, {
      status: Number(url.searchParams.get("status") ?? "302"),
      headers: { location: url.searchParams.get("to") ?? "/" },
    });
  }
  if (verb === "bytes") return new Response(new Uint8Array(Number(arg)).fill(97));
  if (verb === "stream") return streamed(Number(arg), url.searchParams.get("type"));
  if (verb === "slow") await new Promise((resolve) => setTimeout(resolve, Number(arg)));
  const body = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  return Response.json({
    method: request.method,
    url: request.url,
    headers,
    body,
  });
}

/**
 * The i-th byte `/stream/<n>` answers; test/change-requests/content.test.ts computes the same bytes
 * to check a hash (the suite runs in workerd, this module in Node: it cannot import it).
 */
function streamedByte(i: number): number {
  return (i * 7 + (i >> 16)) % 251;
}

/** n bytes in 64 KiB chunks, made as they are read (a large body, never whole in memory). */
function streamed(n: number, type: string | null): Response {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= n) return controller.close();
      const chunk = new Uint8Array(Math.min(64 * 1024, n - sent));
      for (let k = 0; k < chunk.length; k++) chunk[k] = streamedByte(sent + k);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return new Response(body, { headers: type ? { "content-type": type } : {} });
}
