#!/usr/bin/env node
// `npm run bench:app:profile`: where the editor's time goes (issue 37), as `npm run bench:app`
// measures it but with Chromium CPU profiles of an unminified build. Seeds the same generated
// documents, then: the 500-block page's navigation to a focused caret (the moments of its phases:
// script, first mount, IndexedDB, WebSocket, live editor, caret; and a profile), and an 80-key
// paragraph typed on the 2,000-block page with the live room, without rooms (the save loop) and
// in the bare editor (a profile each). Prints the phases and the top functions by self and
// total time. Knobs: BENCH_APP_PROFILE_RUNS (1), BENCH_APP_KEY_DELAY_MS (60),
// BENCH_APP_PROFILE_ONLY (a part of the runs' names: load, typing, live room, save loop),
// BENCH_APP_PROFILE_CALLERS (function names), BENCH_APP_PROFILE_STYLE (CSS added before typing).
/* global window, document, MutationObserver */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";
import { ensureChromium } from "../scripts/lib/chromium.mjs";
import { signInByCode } from "../test-browser/fixtures/app-checks.mjs";
import { startBarePages } from "./lib/app-bare.mjs";
import { loadToCaret, typeParagraph } from "./lib/app-measure.mjs";
import { installProbes, refuseWebSockets } from "./lib/app-probes.mjs";
import { seedEditorSpace } from "./lib/app-runs.mjs";
import { renderSummary, startProfile, summarize, summarizeTrace, top } from "./lib/cpu-profile.mjs";
import { callersOf, TRACE_CATEGORIES } from "./lib/cpu-profile.mjs";
import { machine } from "./lib/report.mjs";

const KEY_DELAY_MS = Number(process.env.BENCH_APP_KEY_DELAY_MS) || 60;
const RUNS = Number(process.env.BENCH_APP_PROFILE_RUNS) || 1;
/** Only the runs whose name holds this (e.g. "load", "typing", "save loop"); all by default. */
const ONLY = process.env.BENCH_APP_PROFILE_ONLY ?? "";
/** Function names whose callers are printed too (comma-separated), e.g. "getRelativeSelection". */
const CALLERS = (process.env.BENCH_APP_PROFILE_CALLERS ?? "").split(",").filter(Boolean);
/** CSS added to the page before typing (an experiment: what a style rule would save). */
const STYLE = process.env.BENCH_APP_PROFILE_STYLE ?? "";
const TYPED = "the quick brown fox writes a paragraph of documentation while the editor keeps up";
const say = (text) => process.stderr.write(`[bench:app:profile] ${text}\n`);

const RUN_DIR = mkdtempSync(join(tmpdir(), "quire-bench-app-profile-"));
process.env.QUIRE_STATE_DIR = join(RUN_DIR, "state");
process.env.WRANGLER_REGISTRY_PATH = join(RUN_DIR, "registry");
process.env.QUIRE_APP_UNMINIFIED = "1";
mkdirSync(process.env.WRANGLER_REGISTRY_PATH, { recursive: true });
const { startLocalWorkers } = await import("../scripts/lib/local-workers.mjs");

/** In the page, before its scripts: the moments (ms since navigation) of the load's phases. */
function installPhases() {
  const phases = [];
  const mark = (name) => phases.push({ name, at: Math.round(window.performance.now()) });
  window.__phases = phases;
  const open = window.indexedDB?.open.bind(window.indexedDB);
  if (open) {
    window.indexedDB.open = (...args) => {
      mark("indexedDB.open");
      const request = open(...args);
      request.addEventListener("success", () => mark("indexedDB opened"));
      return request;
    };
  }
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      mark("WebSocket created");
      this.addEventListener("open", () => mark("WebSocket open"));
      let first = true;
      this.addEventListener("message", () => {
        if (first) mark("WebSocket first message");
        first = false;
      });
    }
  };
  const seen = new Set();
  new MutationObserver(() => {
    const note = (name, present) => {
      if (!present || seen.has(name)) return;
      seen.add(name);
      mark(name);
    };
    note("editor mounted (read-only)", document.querySelector(".q-ed-content[contenteditable]"));
    note("editor editable", document.querySelector(".q-ed-content[contenteditable=true]"));
    note("data-live", document.querySelector("[data-live]"));
    note("data-editor-ready", document.querySelector("[data-editor-ready]"));
  }).observe(document, { subtree: true, childList: true, attributes: true });
  window.addEventListener("DOMContentLoaded", () => mark("DOMContentLoaded"));
}

/** The load phases and a profile of one navigation to the caret. */
async function profileLoad(page, url) {
  const profiler = await startProfile(page);
  const caret = await loadToCaret(page, url);
  const profile = await profiler.stop();
  const phases = await page.evaluate(() => window.__phases);
  const editorJs = await page.evaluate(() =>
    window.performance
      .getEntriesByType("resource")
      .filter((e) => e.name.includes("/_app/js/"))
      .map((e) => `${e.name.split("/").pop()} ${Math.round(e.responseEnd)}`),
  );
  return { caret, phases, editorJs, summary: summarize(profile) };
}

/** In the page: counts the DOM mutations while typing, by target (what a key touches). */
function countMutations() {
  const counts = {};
  const name = (node) => {
    const el = node.nodeType === 1 ? node : node.parentElement;
    if (!el) return "?";
    const inside = el.closest(".q-ed-content");
    const where =
      inside && inside !== el ? "inside the editor" : `${el.tagName.toLowerCase()}.${el.className}`;
    return where;
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const key = `${r.type}${r.attributeName ? `[${r.attributeName}]` : ""} on ${name(r.target)}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.__mutations = counts;
}

/**
 * An 80-key paragraph typed at `url`: the keys' latencies (p50, p95), a CPU profile, then (a
 * second paragraph) a trace of the engine's work and the DOM mutations.
 */
async function profileTyping(page, url) {
  await loadToCaret(page, url);
  if (STYLE) await page.addStyleTag({ content: STYLE });
  const nodes = await page.evaluate(() => document.querySelectorAll("*").length);
  await new Promise((done) => setTimeout(done, 1000));
  const profiler = await startProfile(page);
  const typed = await typeParagraph(page, TYPED, KEY_DELAY_MS);
  const profile = await profiler.stop();
  const keys = [...typed.keys].sort((a, b) => a - b);
  const at = (q) => keys[Math.min(keys.length - 1, Math.floor(q * keys.length))];
  await page.evaluate(countMutations);
  await page.tracing.start({ categories: TRACE_CATEGORIES });
  await typeParagraph(page, TYPED, KEY_DELAY_MS);
  const trace = summarizeTrace(await page.tracing.stop());
  const mutations = await page.evaluate(() => window.__mutations);
  const callers = CALLERS.map((name) => [name, callersOf(profile, name)]);
  return {
    p50: at(0.5),
    p95: at(0.95),
    summary: summarize(profile),
    trace,
    mutations,
    callers,
    nodes,
  };
}

async function main() {
  say(`machine ${JSON.stringify(machine().loadAverage)}; starting the workers (unminified app)`);
  const workers = await startLocalWorkers({ runDir: RUN_DIR, reader: false });
  let browser;
  let bare;
  try {
    const seeded = await seedEditorSpace(workers.base, workers.seed, [10, 500, 2000], [10]);
    bare = await startBarePages(seeded.bareDocuments);
    browser = await puppeteer.launch({
      executablePath: ensureChromium(),
      headless: true,
      args: ["--no-sandbox", "--disable-dev-shm-usage"],
      protocolTimeout: 600_000,
    });
    const page = await (await browser.createBrowserContext()).newPage();
    if (STYLE) await page.setBypassCSP(true);
    page.setDefaultTimeout(120_000);
    page.on("dialog", (dialog) => void dialog.accept());
    await page.evaluateOnNewDocument(installProbes);
    await page.evaluateOnNewDocument(installPhases);
    await signInByCode(page, workers.appBase);
    const out = [];
    const editor = (n) => `${workers.appBase}${seeded.editorPath(n)}`;
    await page.setCacheEnabled(false);
    for (let run = 0; run < RUNS && "load".includes(ONLY); run++) {
      for (const [name, url] of [
        ["Quire", editor(500)],
        ["bare", `${bare.base}/500`],
      ]) {
        say(`load ${name} 500 blocks`);
        const load = await profileLoad(page, url);
        out.push(`# load, ${name}, 500 blocks: caret at ${load.caret.caretMs.toFixed(0)} ms`);
        out.push(`scripts: ${load.editorJs.join(", ")}`);
        out.push(...load.phases.map((p) => `${String(p.at).padStart(6)} ms  ${p.name}`));
        out.push(renderSummary(`load profile, ${name}`, load.summary, { n: 30 }));
      }
    }
    await page.setCacheEnabled(true);
    const typingRuns = [
      ["Quire live room", editor(2000)],
      ["bare", `${bare.base}/2000`],
      ["Quire save loop", editor(2000), true],
      ["Quire live room, 10 blocks", editor(10)],
    ];
    for (const [name, url, refuse] of typingRuns) {
      if (!`typing ${name}`.includes(ONLY)) continue;
      say(`typing ${name}`);
      const refusing = refuse ? await page.evaluateOnNewDocument(refuseWebSockets) : null;
      const typed = await profileTyping(page, url);
      if (refusing) await page.removeScriptToEvaluateOnNewDocument(refusing.identifier);
      const figures = `p50 ${typed.p50.toFixed(1)} ms, p95 ${typed.p95.toFixed(1)} ms`;
      out.push(`# typing, ${name}: ${figures}, ${typed.nodes} elements`);
      out.push(renderSummary(`typing profile, ${name}`, typed.summary, { keys: TYPED.length }));
      out.push(`### trace (second paragraph): ${typed.trace.styledElements} elements styled`);
      out.push(...top(typed.trace.ms, 14));
      for (const [fn, chains] of typed.callers) out.push(`### callers of ${fn}`, ...top(chains, 8));
      out.push("### DOM mutations (second paragraph)");
      out.push(
        ...Object.entries(typed.mutations).map(([k, v]) => `${String(v).padStart(6)}  ${k}`),
      );
    }
    process.stdout.write(`${out.join("\n")}\n`);
    say(`machine after ${JSON.stringify(machine().loadAverage)}`);
  } finally {
    await browser?.close().catch(() => {});
    await bare?.close().catch(() => {});
    await workers.stop().catch(() => {});
    rmSync(RUN_DIR, { recursive: true, force: true });
  }
}

await main();
