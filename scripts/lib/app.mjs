// The app Worker (app/: the screens people sign in and work in) beside the API in local runs:
// `npm run dev` and the browser tests start it with this, after the API answers, so its `API`
// service binding finds the API's `AppGateway` through wrangler's local dev registry.
import { freePort } from "./reader.mjs";
import { spawnWrangler } from "./wrangler.mjs";

/**
 * The app's local port for an API on `apiPort`: three above (the one above is the local SAML
 * IdP's, `npm run sso:idp`; two above the reader's).
 */
export function appPort(apiPort) {
  return apiPort + 3;
}

/** The app's local address for an API on `apiPort`: the API's PUBLIC_APP_URL in local runs. */
export function localAppUrl(apiPort, host = "localhost") {
  return `http://${host}:${appPort(apiPort)}`;
}

/**
 * Starts `wrangler dev` for the app on `port`. `quiet` keeps its output in pipes (tests), else
 * it shares the terminal.
 */
export async function spawnApp({ port, ip, quiet = true, persistTo }) {
  const args = [
    "dev",
    "--config",
    "app/wrangler.toml",
    "--port",
    String(port),
    "--inspector-port",
    String(await freePort()),
    "--show-interactive-dev-session=false",
    ...(ip ? ["--ip", ip] : []),
    ...(persistTo ? ["--persist-to", persistTo] : []),
  ];
  return spawnWrangler(args, { quiet });
}
