// The reader bench's runtime: the reader bundle built as `wrangler deploy` would build it, and
// one Miniflare (one workerd process) hosting the API Worker, the reader (its `API` service
// binding pointing at the API Worker), the constant-JSON ceiling and a same-bytes ceiling, each
// on its own loopback socket. The reader's static files (ASSETS) are left out: the bench measures
// HTML, and sizes the CSS and JS a page links from reader/public on disk.
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { Miniflare } from "miniflare";
import { runWrangler } from "../../scripts/lib/wrangler.mjs";
import { APP_BINDINGS, APP_RATELIMITS, ROOT } from "./config.mjs";

/** The reader's wrangler config (BENCH_READER_CONFIG: another checkout's, to compare two). */
const READER_CONFIG = process.env.BENCH_READER_CONFIG || join(ROOT, "reader/wrangler.toml");

/** The reader's static files (the `[assets]` directory of its config). */
export const READER_PUBLIC_DIR = join(dirname(READER_CONFIG), "public");

/** Worker names inside the Miniflare instance (the API's is the reader's `API` service). */
const READER_WORKERS = {
  app: "quire",
  reader: "quire-reader",
  constant: "ceiling-constant",
  bytes: "ceiling-bytes",
};

/** The runtime ceiling, as bench/lib/runtime.mjs defines it: a constant JSON body. */
const CONSTANT_WORKER = `export default {
  fetch() {
    return Response.json({ ok: true }, { headers: { "x-quire-d1": "rt=0;read=0;written=0;unmetered=0" } });
  },
};`;

/**
 * A second, extra ceiling: a constant body of `?bytes=N` bytes sent as the reader sends a kept
 * page (bytes made once per size, already "gzipped": `Content-Encoding: gzip`, passed through
 * as they are), so a cached page's throughput can be told apart from the cost of moving its
 * bytes. The bytes do not compress (a text of one repeated letter would be compressed by the
 * runtime on the way out and cost nothing to send).
 */
const BYTES_WORKER = `const bodies = new Map();
export default {
  fetch(request) {
    const size = Math.min(Number(new URL(request.url).searchParams.get("bytes")) || 0, 4194304);
    let body = bodies.get(size);
    if (body === undefined) {
      body = new Uint8Array(size);
      let x = 2463534242;
      for (let i = 0; i < size; i++) {
        x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
        body[i] = x & 255;
      }
      bodies.set(size, body);
    }
    return new Response(body, {
      headers: { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" },
      encodeBody: "manual",
    });
  },
};`;

/**
 * `wrangler deploy --dry-run --config reader/wrangler.toml --outdir <outdir>`: the reader bundle
 * wrangler would upload, with its raw and gzipped (-9) sizes.
 */
export async function buildReader(outdir) {
  await rm(outdir, { recursive: true, force: true });
  const args = ["deploy", "--dry-run", "--config", READER_CONFIG, "--outdir", outdir];
  const { code, stdout, stderr } = await runWrangler(args);
  if (code !== 0) throw new Error(`building the reader failed:\n${stdout}${stderr}`);
  const files = (await readdir(outdir)).filter((f) => f.endsWith(".js") || f.endsWith(".mjs"));
  if (!files.includes("index.js")) throw new Error(`no index.js in ${outdir}: ${files}`);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    rawBytes += (await stat(join(outdir, file))).size;
    gzipBytes += gzipSync(await readFile(join(outdir, file)), { level: 9 }).length;
  }
  return { modulesRoot: outdir, files, rawBytes, gzipBytes };
}

/** Compatibility date and flags of reader/wrangler.toml (wrangler's own reader). */
export async function readReaderConfig() {
  const { unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: READER_CONFIG });
  return {
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags ?? [],
  };
}

/** A loopback port free right now (the reader's address must be known before it starts). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Modules listed, not walked (as bench/lib/runtime.mjs does for the API bundle). */
const modulesOf = (build) => ({
  modulesRoot: build.modulesRoot,
  modules: build.files.map((file) => ({ type: "ESModule", path: join(build.modulesRoot, file) })),
});

/**
 * Starts the four Workers. The reader listens on a port chosen first, so both Workers get the
 * same PUBLIC_SITES_URL (`http://127.0.0.1:<port>`) and the API's published URLs point at it.
 * Returns the loopback URLs, the D1 handle, the runtime log and `dispose`.
 */
export async function startReaderRuntime({ api, reader }, apiConfig, readerConfig) {
  const stateDir = await mkdtemp(join(tmpdir(), "quire-reader-bench-"));
  const lines = [];
  const readerPort = await freePort();
  const sitesUrl = `http://127.0.0.1:${readerPort}`;
  const socket = (port = 0) => ({ unsafeDirectSockets: [{ host: "127.0.0.1", port }] });
  const runtimeOf = (config) => ({
    modules: true,
    compatibilityDate: config.compatibilityDate,
    compatibilityFlags: config.compatibilityFlags,
  });
  const mf = new Miniflare({
    d1Persist: join(stateDir, "d1"),
    r2Persist: join(stateDir, "r2"),
    handleRuntimeStdio: (stdout, stderr) => {
      for (const stream of [stdout, stderr]) {
        stream.setEncoding("utf8");
        stream.on("data", (chunk) => {
          lines.push(...chunk.split("\n").filter(Boolean));
          if (lines.length > 400) lines.splice(0, lines.length - 400);
        });
      }
    },
    workers: [
      {
        ...runtimeOf(apiConfig),
        ...socket(),
        name: READER_WORKERS.app,
        ...modulesOf(api),
        d1Databases: { DB: "quire-reader-bench" },
        r2Buckets: ["FILES"],
        queueProducers: { JOBS: { queueName: "quire-jobs" } },
        queueConsumers: { "quire-jobs": { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 10 } },
        workerLoaders: { LOADER: {} },
        bindings: { ...APP_BINDINGS, PUBLIC_SITES_URL: sitesUrl },
        ratelimits: APP_RATELIMITS,
      },
      {
        ...runtimeOf(readerConfig),
        ...socket(readerPort),
        name: READER_WORKERS.reader,
        ...modulesOf(reader),
        serviceBindings: { API: READER_WORKERS.app },
        // A deployment id of its own per run (Miniflare has no version metadata binding: a JSON
        // binding of the same shape), so nothing rendered by an earlier build is reused.
        bindings: {
          PUBLIC_SITES_URL: sitesUrl,
          CF_VERSION_METADATA: { id: `bench-${Date.now().toString(36)}` },
        },
      },
      {
        ...runtimeOf(readerConfig),
        ...socket(),
        name: READER_WORKERS.constant,
        script: CONSTANT_WORKER,
      },
      { ...runtimeOf(readerConfig), ...socket(), name: READER_WORKERS.bytes, script: BYTES_WORKER },
    ],
  });
  await mf.ready;
  const urls = {};
  for (const [key, name] of Object.entries(READER_WORKERS)) {
    urls[key] = (await mf.unsafeGetDirectURL(name)).href.replace(/\/$/, "");
  }
  if (urls.reader !== sitesUrl) {
    await mf.dispose();
    throw new Error(`the reader listens on ${urls.reader}, not on ${sitesUrl}`);
  }
  return {
    mf,
    urls,
    db: await mf.getD1Database("DB", READER_WORKERS.app),
    log: { lines },
    async dispose() {
      await mf.dispose();
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
