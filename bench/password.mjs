#!/usr/bin/env node
// The CPU and memory of one password check inside workerd: Quire's own hash code
// (src/lib/passwords/hash.ts, bundled by esbuild as wrangler would) in a Miniflare Worker with
// nodejs_compat. It verifies a password against a hash of the current parameters (N = 2^14, r = 8,
// p = 1) many times; the CPU is workerd's own (every thread's schedstat) across the checks divided
// by their count, the memory the rise of workerd's peak resident set (VmHWM) over a Worker that
// has not hashed yet. `npm run bench` prints it as "password check CPU"; alone:
//   node bench/password.mjs            (BENCH_PASSWORD_CHECKS=40)
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { withCpu, workerdPids } from "./lib/reader-measure.mjs";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const CHECKS =
  Number(process.env.BENCH_PASSWORD_CHECKS) > 0 ? Number(process.env.BENCH_PASSWORD_CHECKS) : 40;

/** The Worker: `/hash` makes one hash, `/verify?n=K` checks the password K times. */
const ENTRY = `
import { hashPassword, verifyPassword, CURRENT_PARAMS } from "./src/lib/passwords/hash.ts";
let stored = null;
export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/hash") {
      stored = await hashPassword("plinth-marmot-ochre-7");
      return Response.json({ params: CURRENT_PARAMS, stored });
    }
    const n = Number(url.searchParams.get("n") ?? "1");
    let ok = 0;
    for (let i = 0; i < n; i++) if (await verifyPassword("plinth-marmot-ochre-7", stored)) ok++;
    return Response.json({ ok });
  },
};`;

/** Peak resident memory of the workerd processes, in KiB. */
async function peakKiB(pids) {
  let total = 0;
  for (const pid of pids) {
    const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
    total += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return total;
}

/** Measures one password check; answers the figures (ms of CPU per check, MiB of peak rise). */
export async function measurePasswordCheck(checks = CHECKS) {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: "js" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    external: ["node:*"],
    write: false,
  });
  const mf = new Miniflare({
    modules: true,
    script: bundle.outputFiles[0].text,
    compatibilityDate: "2026-04-20",
    compatibilityFlags: ["nodejs_compat"],
  });
  try {
    const url = await mf.ready;
    await (await fetch(new URL("/verify?n=0", url))).arrayBuffer();
    const pids = await workerdPids();
    const before = await peakKiB(pids);
    const { params } = await (await fetch(new URL("/hash", url))).json();
    await (await fetch(new URL("/verify?n=2", url))).arrayBuffer(); // warm up
    const run = await withCpu(pids, async () => {
      const res = await fetch(new URL(`/verify?n=${checks}`, url));
      const { ok } = await res.json();
      if (ok !== checks) throw new Error(`${checks - ok} checks failed`);
      return { requests: checks };
    });
    const after = await peakKiB(pids);
    return {
      params,
      checks,
      cpuMsPerCheck: run.cpuMsPerRequest,
      peakRiseMiB: Math.round(((after - before) / 1024) * 10) / 10,
    };
  } finally {
    await mf.dispose();
  }
}

/** The line `npm run bench` prints. */
export function passwordLine(m) {
  return (
    `password check CPU: ${m.cpuMsPerCheck} ms per check (scrypt N=${m.params.N}, r=${m.params.r}, ` +
    `p=${m.params.p}, ${m.checks} checks in workerd); peak memory +${m.peakRiseMiB} MiB`
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(passwordLine(await measurePasswordCheck()));
}
