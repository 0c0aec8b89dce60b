// The reader Worker (reader/) beside the API in local runs: `npm run dev`, the browser tests and
// `npm run bench:reader` start it with this, after the API answers, so its `API` service binding
// finds the API through wrangler's local dev registry.
import { createServer } from "node:net";
import { spawnWrangler } from "./wrangler.mjs";

/**
 * The reader's local port for an API on `apiPort`: two above (the one above is the local SAML
 * IdP's, `npm run sso:idp`).
 */
export function readerPort(apiPort) {
  return apiPort + 2;
}

/** The reader's local address for an API on `apiPort`. */
export function localSitesUrl(apiPort, host = "localhost") {
  return `http://${host}:${readerPort(apiPort)}`;
}

/** A TCP port nothing listens on now. */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/**
 * Starts `wrangler dev` for the reader on `port`, with PUBLIC_SITES_URL = `sitesUrl` (the value
 * the API was given). `quiet` keeps its output in pipes (tests), else it shares the terminal.
 */
export async function spawnReader({ port, sitesUrl, ip, quiet = true, persistTo }) {
  const args = [
    "dev",
    "--config",
    "reader/wrangler.toml",
    "--port",
    String(port),
    "--inspector-port",
    String(await freePort()),
    "--show-interactive-dev-session=false",
    "--var",
    `PUBLIC_SITES_URL:${sitesUrl}`,
    ...(ip ? ["--ip", ip] : []),
    ...(persistTo ? ["--persist-to", persistTo] : []),
  ];
  return spawnWrangler(args, { quiet });
}

/** Resolves once `url` answers at all (any status), or rejects after `timeoutMs`. */
export async function untilAnswers(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) break;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 400));
    }
  }
  throw new Error(`${url} did not answer`);
}
