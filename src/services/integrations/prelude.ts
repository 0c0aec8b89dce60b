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

/** What the prelude's guard enforces on the script's computing (see `preludeSource`). */
export interface ComputeLimits {
  /** The global the guarded script calls (guard.ts), a fresh name per isolate. */
  tick: string;
  /** Longest the script may compute without giving the isolate a turn. */
  sliceMs: number;
  /** Most computing in one dispatch, all turns together. */
  budgetMs: number;
}

/**
 * The prelude's source (see the module comment). Its guard, the global `limits.tick` every
 * function and loop body of the guarded script calls, measures the script's runs of computing:
 * a run starts at a call after the isolate had a turn (a timer it sets marks the turn) and ends
 * at that turn. A run longer than `sliceMs`, or runs adding up past `budgetMs` in one dispatch,
 * exhaust the dispatch: every later call throws, so no loop or recursion of the script goes on
 * (a `catch` that loops or calls throws again), and the dispatch fails with the reason. The
 * clock only advances during a run under workerd; on Cloudflare it stands still while code
 * runs, the guard never fires, and `limits.cpuMs` stops the script instead.
 */
export function preludeSource(limits: ComputeLimits): string {
  return PRELUDE_HEAD + guardSource(limits) + PRELUDE_BODY;
}

/** The message of a dispatch the guard stopped. */
function computeLimitMessage(limits: Omit<ComputeLimits, "tick">): string {
  return `the script computed for more than ${limits.sliceMs} ms without a pause, or ${limits.budgetMs} ms in all: stopped`;
}

function guardSource(limits: ComputeLimits): string {
  return `
const LIMIT = ${JSON.stringify(computeLimitMessage(limits))};
const guard = { calls: 0, inRun: false, untimed: false, runStart: 0, used: 0, exhausted: false, inFlight: 0 };
function endRun() {
  guard.used += Date.now() - guard.runStart;
  guard.inRun = false;
}
Object.defineProperty(globalThis, ${JSON.stringify(limits.tick)}, {
  value: function tick() {
    if (guard.exhausted) throw new Error(LIMIT);
    if ((++guard.calls & 1023) !== 0) return;
    const now = Date.now();
    if (!guard.inRun) {
      guard.inRun = true;
      guard.runStart = now;
      // No timers while a module loads (workerd's global scope): the load's end ends the run.
      try {
        setTimeout(endRun, 0);
      } catch {
        guard.untimed = true;
      }
      return;
    }
    const run = now - guard.runStart;
    if (run > ${limits.sliceMs} || guard.used + run > ${limits.budgetMs}) {
      guard.exhausted = true;
      throw new Error(LIMIT);
    }
  },
  writable: false,
  enumerable: false,
  configurable: false,
});
function begin() {
  if (guard.inFlight++ === 0) {
    guard.used = 0;
    guard.exhausted = false;
  }
}
function end() {
  guard.inFlight--;
}
`;
}

const PRELUDE_HEAD = `
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
`;

const PRELUDE_BODY = `

async function handler() {
  let mod;
  try {
    mod = await import("./${SCRIPT_MODULE}");
  } finally {
    if (guard.untimed) {
      guard.untimed = false;
      endRun();
    }
  }
  const exported = mod.default;
  if (!exported || typeof exported.fetch !== "function") {
    throw new Error("the script does not export a fetch handler (export default { fetch })");
  }
  return exported;
}

export class QuireRunner extends WorkerEntrypoint {
  async dispatch(input) {
    const logs = [];
    begin();
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
        if (guard.exhausted) return { ok: false, error: LIMIT, logs };
        return { ok: true, status: response.status, headers: [...response.headers], body, logs };
      } catch (error) {
        // A script that caught the guard's error and answered anyway is still stopped.
        return { ok: false, error: guard.exhausted ? LIMIT : show(error), logs };
      } finally {
        end();
      }
    });
  }

  async check() {
    begin();
    try {
      await handler();
      return guard.exhausted ? LIMIT : null;
    } catch (error) {
      return guard.exhausted ? LIMIT : error instanceof Error ? error.message : String(error);
    } finally {
      end();
    }
  }
}

export default {
  async fetch() {
    return new Response("integration isolates answer RPC only", { status: 404 });
  },
};
`;
