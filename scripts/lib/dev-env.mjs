// Where the local development scripts (`npm run dev`, `npm run seed`, `npm run probe`,
// `npm run admin`, `npm run readme:check`) find the port, the local state and the demo token, so
// every one of them agrees. Node only.
//
// - Port: `--port N` on the command line, else QUIRE_PORT, else (for the clients of a running
//   server: seed, probe) the port the running `npm run dev` recorded, else 8787.
// - Local state (D1, R2, queues): QUIRE_STATE_DIR, else .wrangler/state (wrangler's default);
//   every local wrangler command gets it as `--persist-to`.
// - The demo token's secret: `quire-demo-token` beside the state folder, so a fresh state folder
//   gets a token of its own (.wrangler/quire-demo-token for the default state).
// - wrangler's dev registry (how the reader's `API` binding finds the API Worker by name):
//   WRANGLER_REGISTRY_PATH, else `dev-registry` beside the state folder. wrangler's own default is
//   one folder per machine, so a second checkout's `quire` would replace the first's.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { ROOT } from "./root.mjs";

/** The port `wrangler dev` listens on when nothing else says. */
export const DEFAULT_PORT = 8787;

/** The folder of the local D1/R2/queue state (`wrangler --persist-to`). */
export function stateDir() {
  const chosen = process.env.QUIRE_STATE_DIR;
  return chosen ? resolve(process.cwd(), chosen) : resolve(ROOT, ".wrangler/state");
}

/** The file that keeps the demo token's secret, beside the state folder. */
export function demoTokenFile() {
  return resolve(dirname(stateDir()), "quire-demo-token");
}

/** The wrangler dev registry of this checkout's (this state folder's) local Workers. */
export function registryDir() {
  const chosen = process.env.WRANGLER_REGISTRY_PATH;
  return chosen ? resolve(process.cwd(), chosen) : resolve(dirname(stateDir()), "dev-registry");
}

/** A path as printed to the developer: relative to the working directory when inside it. */
export function shownPath(file) {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith("..") ? rel : file;
}

/** The file where a running `npm run dev` records its port for seed and probe. */
function portFile() {
  return resolve(dirname(stateDir()), "quire-dev-port");
}

/** `--port N` or `--port=N` among the arguments, or null. */
export function portArgument(args) {
  for (let i = 0; i < args.length; i++) {
    const m = args[i].match(/^--port(?:=(.*))?$/);
    if (m) return checkedPort(m[1] ?? args[i + 1], "--port");
  }
  return null;
}

function checkedPort(value, source) {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${source}: not a port number: ${value ?? "(missing)"}`);
  }
  return port;
}

/** The port `npm run dev` serves on: `--port`, else QUIRE_PORT, else 8787. */
export function serverPort(args) {
  const given = portArgument(args);
  if (given) return given;
  if (process.env.QUIRE_PORT) return checkedPort(process.env.QUIRE_PORT, "QUIRE_PORT");
  return DEFAULT_PORT;
}

/** The port a client of the running server calls: as `serverPort`, then the recorded one. */
export function clientPort(args) {
  if (portArgument(args) || process.env.QUIRE_PORT) return serverPort(args);
  try {
    return checkedPort(readFileSync(portFile(), "utf8").trim(), "recorded port");
  } catch {
    return DEFAULT_PORT;
  }
}

/** Records the port of this `npm run dev` until it exits. */
export function recordPort(port) {
  const file = portFile();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${port}\n`);
  process.on("exit", () => {
    try {
      if (existsSync(file) && readFileSync(file, "utf8").trim() === String(port)) rmSync(file);
    } catch {
      // Leaving the file behind is harmless: clients then default to that port.
    }
  });
}

/**
 * The app Worker's local port for an API on `apiPort`: three above (the one above is the local
 * SAML IdP's, `npm run sso:idp`; two above the reader's).
 */
export function appPort(apiPort) {
  return apiPort + 3;
}

/**
 * The public URL of the app for a local API on `port`: the app Worker's address, what
 * PUBLIC_APP_URL must be so that `urls.app`, sign-in links, the SSO callback and session cookies
 * point at the app actually served.
 */
export function localAppUrl(port, host = "localhost") {
  return `http://${host}:${appPort(port)}`;
}
