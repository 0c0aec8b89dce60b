// The co-editing bench's runtime (bench/collab.mjs): one Miniflare (one workerd process) hosting
// the API Worker as it ships, with its live rooms (the CollabRoom Durable Object, SQLite-backed,
// hibernating WebSockets), and the transport's own limit: a bare Durable Object that relays each
// WebSocket message to every other socket of its one room, nothing else (no Yjs, no storage),
// and the same relay with one SQLite write per message.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { APP_BINDINGS, APP_RATELIMITS } from "./config.mjs";

/**
 * The relay: the same fan-out as a room (a message to every socket but its sender) over the same
 * hibernation API, so the room's delay can be read against what the transport alone costs; and
 * at `/durable` the same relay writing each message to its SQLite first (as a room appends each
 * update before its broadcast): what the transport plus the room's one durable write cost.
 */
const RELAY_WORKER = `import { DurableObject } from "cloudflare:workers";
export class Relay extends DurableObject {
  async fetch() {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }
  webSocketMessage(ws, message) {
    for (const other of this.ctx.getWebSockets()) if (other !== ws) other.send(message);
  }
  webSocketClose(ws, code) {
    try { ws.close(code, "bye"); } catch {}
  }
}
export class DurableRelay extends Relay {
  webSocketMessage(ws, message) {
    this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS log (data BLOB NOT NULL)");
    this.ctx.storage.sql.exec("INSERT INTO log (data) VALUES (?)", message);
    super.webSocketMessage(ws, message);
  }
}
export default {
  fetch(request, env) {
    const ns = new URL(request.url).pathname === "/durable" ? env.DURABLE_RELAY : env.RELAY;
    return ns.get(ns.idFromName("one")).fetch(request);
  },
};`;

/** Worker names inside the Miniflare instance. */
const NAMES = { app: "quire", relay: "bench-relay" };

/**
 * Starts the API Worker (with D1, R2, the job queue and COLLAB_ROOMS) and the relay on loopback
 * sockets; answers their URLs, the D1 handle and `dispose` (stops workerd, deletes the state).
 */
export async function startCollabRuntime(build, config) {
  const stateDir = await mkdtemp(join(tmpdir(), "quire-collab-bench-"));
  const common = {
    modules: true,
    compatibilityDate: config.compatibilityDate,
    compatibilityFlags: config.compatibilityFlags,
    unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
  };
  const log = [];
  const mf = new Miniflare({
    d1Persist: join(stateDir, "d1"),
    r2Persist: join(stateDir, "r2"),
    durableObjectsPersist: join(stateDir, "do"),
    handleRuntimeStdio: (stdout, stderr) => {
      for (const stream of [stdout, stderr]) {
        stream.on("data", (chunk) => {
          log.push(String(chunk));
          if (log.length > 200) log.splice(0, log.length - 200);
        });
      }
    },
    workers: [
      {
        ...common,
        name: NAMES.app,
        modulesRoot: build.modulesRoot,
        modules: build.files.map((file) => ({
          type: "ESModule",
          path: join(build.modulesRoot, file),
        })),
        d1Databases: { DB: "quire-collab-bench" },
        r2Buckets: ["FILES"],
        queueProducers: { JOBS: { queueName: "quire-jobs" } },
        queueConsumers: { "quire-jobs": { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 10 } },
        workerLoaders: { LOADER: {} },
        durableObjects: { COLLAB_ROOMS: { className: "CollabRoom", useSQLite: true } },
        bindings: { ...APP_BINDINGS },
        ratelimits: APP_RATELIMITS,
      },
      {
        ...common,
        name: NAMES.relay,
        script: RELAY_WORKER,
        durableObjects: {
          RELAY: { className: "Relay", useSQLite: true },
          DURABLE_RELAY: { className: "DurableRelay", useSQLite: true },
        },
      },
    ],
  });
  await mf.ready;
  const urls = {};
  for (const [key, name] of Object.entries(NAMES)) {
    urls[key] = (await mf.unsafeGetDirectURL(name)).href.replace(/\/$/, "");
  }
  const db = await mf.getD1Database("DB", NAMES.app);
  return {
    urls,
    db,
    log,
    async dispose() {
      await mf.dispose();
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
