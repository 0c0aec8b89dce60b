// The app Worker (app/: the screens people sign in and work in) beside the API in local runs:
// `npm run dev` and the browser tests start it with this, after the API answers, so its `API`
// service binding finds the API's `AppGateway` through wrangler's local dev registry.
import { freePort } from "./reader.mjs";
export { appPort, localAppUrl } from "./dev-env.mjs";
import { spawnWrangler } from "./wrangler.mjs";
import { buildAppClient, watchAppClient } from "../build-app-client.mjs";

/**
 * Starts `wrangler dev` for the app on `port`, after building its browser scripts
 * (scripts/build-app-client.mjs; `watch` rebuilds them on change, as `npm run dev` asks). `quiet`
 * keeps its output in pipes (tests), else it shares the terminal.
 */
export async function spawnApp({ port, ip, quiet = true, persistTo, watch = false }) {
  if (watch) await watchAppClient();
  else await buildAppClient();
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
