/**
 * The main module of every integration isolate, as source text. It wraps `console` so each
 * dispatch collects its own log lines (AsyncLocalStorage keeps concurrent dispatches apart),
 * defines the `MODE` global the official runtime reads (the official CLI's build defines it),
 * imports the integration's script lazily (a script that throws while loading fails that dispatch
 * and reports why) and exposes one RPC method, `dispatch`, that calls its `fetch` handler.
 */
export const PRELUDE_MODULE = "quire-runner.js";

/** The module name the integration's own script is loaded under. */
export const SCRIPT_MODULE = "integration.js";

/** Log lines kept per dispatch, and characters per line: a chatty script cannot fill the row. */
const MAX_LOG_LINES = 200;
const MAX_LOG_CHARS = 2000;

/** The prelude's source (see the module comment). */
export const PRELUDE_SOURCE = `
import { WorkerEntrypoint } from "cloudflare:workers";
import { AsyncLocalStorage } from "node:async_hooks";

const store = new AsyncLocalStorage();
const LEVELS = { log: "info", info: "info", debug: "debug", warn: "warn", error: "error" };

function show(value) {
  if (typeof value === "string") return value;
  if (value instanceof Error) return value.stack || String(value);
  try { return JSON.stringify(value); } catch { return String(value); }
}

for (const [method, level] of Object.entries(LEVELS)) {
  const original = console[method].bind(console);
  console[method] = (...args) => {
    const logs = store.getStore();
    if (logs && logs.length < ${MAX_LOG_LINES}) {
      logs.push({
        timestamp: new Date().toISOString(),
        level,
        message: args.map(show).join(" ").slice(0, ${MAX_LOG_CHARS}),
      });
    }
    original(...args);
  };
}

if (typeof globalThis.MODE === "undefined") globalThis.MODE = "production";

async function handler() {
  const mod = await import("./${SCRIPT_MODULE}");
  const exported = mod.default;
  if (!exported || typeof exported.fetch !== "function") {
    throw new Error("the script does not export a fetch handler (export default { fetch })");
  }
  return exported;
}

export class QuireRunner extends WorkerEntrypoint {
  async dispatch(input) {
    const logs = [];
    return store.run(logs, async () => {
      try {
        const exported = await handler();
        const request = new Request(input.url, {
          method: input.method,
          headers: input.headers,
          body: input.body ?? null,
        });
        const response = await exported.fetch(request, {}, this.ctx);
        const body = new Uint8Array(await response.arrayBuffer());
        return { ok: true, status: response.status, headers: [...response.headers], body, logs };
      } catch (error) {
        return { ok: false, error: show(error), logs };
      }
    });
  }

  async check() {
    try {
      await handler();
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}

export default {
  async fetch() {
    return new Response("integration isolates answer RPC only", { status: 404 });
  },
};
`;
