import type { Bindings } from "../../env";
import type { IntegrationEventLogLine } from "../../db/schema/index";
import { PRELUDE_MODULE, preludeSource, SCRIPT_MODULE } from "./prelude";
import { apiOriginOf, gatewayFor } from "./gateway";
import { guardScript } from "./guard";

/** The runtime every integration isolate gets (the Worker's own date; Node APIs available). */
const COMPATIBILITY = { compatibilityDate: "2026-04-20", compatibilityFlags: ["nodejs_compat"] };

/** CPU time one invocation of a script may use, where the runtime enforces it (Cloudflare). */
const CPU_LIMIT_MS = 5_000;

/**
 * Longest a script may compute without giving its isolate a turn, where the prelude's guard
 * enforces it (workerd, which runs every isolate on one thread and enforces no `cpuMs`): what
 * another tenant's request may wait behind it at most, beside the builtins (see docs/security.md).
 */
const SLICE_LIMIT_MS = 500;

/**
 * The modules of an integration isolate: the prelude with a guard under a fresh name, and the
 * script with a call to it in every function and loop body (guard.ts). Throws acorn's
 * SyntaxError for a script that does not parse.
 */
function isolateModules(script: string): Record<string, string> {
  const tick = `__quire_tick_${crypto.randomUUID().replace(/-/g, "")}`;
  const limits = { tick, sliceMs: SLICE_LIMIT_MS, budgetMs: CPU_LIMIT_MS };
  return { [PRELUDE_MODULE]: preludeSource(limits), [SCRIPT_MODULE]: guardScript(script, tick) };
}

/** Wall-clock limit of one dispatch: past it the event fails as timed out. */
const DISPATCH_TIMEOUT_MS = 10_000;

function dispatchTimeoutMs(env: Pick<Bindings, "INTEGRATION_TIMEOUT_MS">): number {
  const ms = Number(env.INTEGRATION_TIMEOUT_MS ?? DISPATCH_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : DISPATCH_TIMEOUT_MS;
}

/** The integration version whose script runs (its isolate is reused while warm). */
export interface ScriptRef {
  integrationId: string;
  version: number;
  scriptKey: string;
  scriptHash: string;
}

/** The HTTP request handed to the script's `fetch` handler. */
export interface SandboxRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: Uint8Array | null;
}

/** What one dispatch produced: the script's answer, or why there is none, and its log lines. */
export type SandboxOutcome =
  | {
      ok: true;
      status: number;
      headers: [string, string][];
      body: Uint8Array;
      logs: IntegrationEventLogLine[];
    }
  | { ok: false; error: string; logs: IntegrationEventLogLine[] };

/** The prelude's RPC surface (src/services/integrations/prelude.ts). */
interface Runner {
  dispatch(input: SandboxRequest): Promise<SandboxOutcome>;
  check(): Promise<string | null>;
}

async function readScript(env: Pick<Bindings, "FILES">, key: string): Promise<string> {
  const object = await env.FILES.get(key);
  if (!object) throw new Error(`the integration's script is missing (${key})`);
  return object.text();
}

function runnerOf(stub: WorkerStub): Runner {
  return stub.getEntrypoint("QuireRunner") as unknown as Runner;
}

/** Races `work` against `ms`; a script stuck in a loop or a wait fails as timed out. */
async function withTimeout<T>(work: Promise<T>, ms: number, timedOut: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(timedOut()), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs one request through an integration's script in its own isolate (Worker Loader, one per
 * integration version, reused while warm), whose only network is Quire's API through the gateway.
 * Never throws for what the script does: a throw, a crash of the isolate (memory) or the time
 * limit come back as `{ ok: false, error }`.
 */
export async function runScript(
  env: Pick<Bindings, "FILES" | "LOADER" | "PUBLIC_APP_URL" | "INTEGRATION_TIMEOUT_MS">,
  ref: ScriptRef,
  request: SandboxRequest,
): Promise<SandboxOutcome> {
  const timeoutMs = dispatchTimeoutMs(env);
  const id = `${ref.integrationId}:${ref.version}:${ref.scriptHash.slice(0, 16)}`;
  const stub = env.LOADER.get(id, async () => ({
    ...COMPATIBILITY,
    mainModule: PRELUDE_MODULE,
    modules: isolateModules(await readScript(env, ref.scriptKey)),
    env: {},
    globalOutbound: await gatewayFor({
      integrationId: ref.integrationId,
      apiOrigin: apiOriginOf(env),
    }),
    limits: { cpuMs: CPU_LIMIT_MS },
  }));
  const work = runnerOf(stub)
    .dispatch(request)
    .catch((error: unknown): SandboxOutcome => ({ ok: false, error: describe(error), logs: [] }));
  return withTimeout(work, timeoutMs, () => ({
    ok: false,
    error: `the script did not answer within ${timeoutMs / 1000} s`,
    logs: [],
  }));
}

/**
 * Loads a script once in a throwaway isolate with no network and checks that it loads and
 * exports a `fetch` handler: publishing refuses anything else with the reason.
 */
export async function checkScript(
  env: Pick<Bindings, "LOADER">,
  script: string,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  let modules: Record<string, string>;
  try {
    modules = isolateModules(script);
  } catch (error) {
    return { ok: false, reason: `script: ${describe(error)}` };
  }
  const stub = env.LOADER.load({
    ...COMPATIBILITY,
    mainModule: PRELUDE_MODULE,
    modules,
    env: {},
    globalOutbound: null,
    limits: { cpuMs: CPU_LIMIT_MS },
  });
  const work = runnerOf(stub)
    .check()
    .catch((error: unknown) => describe(error));
  const reason = await withTimeout(
    work,
    DISPATCH_TIMEOUT_MS,
    () => "the script did not load in time",
  );
  return reason === null ? { ok: true } : { ok: false, reason: `script: ${reason}` };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
