#!/usr/bin/env node
// `npm run bench:app`: the editor's speed and weight (issue 37, "Speed and weight"), in Chromium
// against a bare ProseMirror page (basic schema, no Quire extension, no network) holding the same
// documents, in the same run. Starts the API and the app with `wrangler dev` (a throw-away state,
// scripts/lib/local-workers.mjs), seeds generated documents through the content API, signs the
// demo owner in, then measures: JavaScript per screen (served bytes, gzipped here), a 500-block
// page's navigation to a focused caret, typing latency key→paint on 10 and 2,000 blocks (live
// room, and the save loop without rooms), and a save's arrival after the debounce against one
// content write. Prints PASS/FAIL per target, writes bench/results/app-<timestamp>.json.
// Method and figures: docs/performance.md, "The editor (issue 37)".
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";
import { ensureChromium } from "../scripts/lib/chromium.mjs";
import { signInByCode } from "../test-browser/fixtures/app-checks.mjs";
import { startBarePages } from "./lib/app-bare.mjs";
import { installProbes } from "./lib/app-probes.mjs";
import { measureTyping, measureWrites, seedEditorSpace } from "./lib/app-runs.mjs";
import { loadToCaret, scriptWeight, untilCaret } from "./lib/app-measure.mjs";
import { evaluateAppTargets, renderAppReport, writeAppResults } from "./lib/app-report.mjs";
import { machine } from "./lib/report.mjs";

const positive = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** The knobs (environment); modest defaults: the machine may be shared. */
const CONFIG = {
  loadRuns: positive("BENCH_APP_LOAD_RUNS", 3),
  typingRuns: positive("BENCH_APP_TYPING_RUNS", 1),
  writes: positive("BENCH_APP_WRITES", 5),
  keyDelayMs: positive("BENCH_APP_KEY_DELAY_MS", 60),
  loadBlocks: positive("BENCH_APP_LOAD_BLOCKS", 500),
  smallBlocks: positive("BENCH_APP_SMALL_BLOCKS", 10),
  largeBlocks: positive("BENCH_APP_LARGE_BLOCKS", 2000),
};
const DEADLINE_MS = positive("BENCH_DEADLINE_SECONDS", 900) * 1000;

const started = performance.now();
const say = (text) =>
  process.stderr.write(
    `[bench:app ${((performance.now() - started) / 1000).toFixed(1)} s] ${text}\n`,
  );

const RUN_DIR = mkdtempSync(join(tmpdir(), "quire-bench-app-"));
process.env.QUIRE_STATE_DIR = join(RUN_DIR, "state");
process.env.WRANGLER_REGISTRY_PATH = join(RUN_DIR, "registry");
mkdirSync(process.env.WRANGLER_REGISTRY_PATH, { recursive: true });
const { startLocalWorkers } = await import("../scripts/lib/local-workers.mjs");

const held = { workers: null, browser: null, bare: null };
async function cleanUp() {
  await held.browser?.close().catch(() => {});
  await held.bare?.close().catch(() => {});
  await held.workers?.stop().catch(() => {});
  rmSync(RUN_DIR, { recursive: true, force: true });
}
const hardStop = setTimeout(async () => {
  say("run deadline passed: stopping");
  await cleanUp();
  process.exit(2);
}, DEADLINE_MS);
hardStop.unref();

/** JS per screen: sign-in (signed out), then the signed-in screens and the editor. */
async function measureWeight(page, appBase, seeded) {
  const screens = [];
  const weigh = async (name, path, ready) => {
    say(`weight: ${name}`);
    screens.push({ name, ...(await scriptWeight(page, `${appBase}${path}`, ready)) });
  };
  await weigh("sign-in", "/sign-in");
  await signInByCode(page, appBase);
  const { space, orgId, changeRequest, welcomePath } = seeded;
  await weigh("home", "/");
  await weigh("organization", `/o/${orgId}`);
  await weigh("space", `/s/${space}`);
  await weigh("page", `/s/${space}/${welcomePath}`);
  await weigh("change requests", `/s/${space}/~/changes`);
  await weigh("change request", `/s/${space}/~/changes/${changeRequest.number}`);
  await weigh("editor", seeded.editorPath(CONFIG.loadBlocks), untilCaret);
  return { screens };
}

/** The load-size page to a focused caret, Quire and bare alternately, the cache off. */
async function measureLoads(page, appBase, bareBase, seeded) {
  const load = { blocks: CONFIG.loadBlocks, quire: [], bare: [] };
  await page.setCacheEnabled(false);
  for (let run = 0; run < CONFIG.loadRuns; run++) {
    say(`load ${run + 1}/${CONFIG.loadRuns}: ${CONFIG.loadBlocks} blocks, Quire then bare`);
    load.quire.push(await loadToCaret(page, `${appBase}${seeded.editorPath(CONFIG.loadBlocks)}`));
    load.bare.push(await loadToCaret(page, `${bareBase}/${CONFIG.loadBlocks}`));
  }
  await page.setCacheEnabled(true);
  return load;
}

async function main() {
  const result = { startedAt: new Date().toISOString(), machine: machine(), config: CONFIG };
  say("starting the API and the app (wrangler dev)");
  held.workers = await startLocalWorkers({ runDir: RUN_DIR, reader: false });
  const { base, appBase, seed } = held.workers;
  const sizes = [CONFIG.smallBlocks, CONFIG.loadBlocks, CONFIG.largeBlocks];
  say(`seeding ${sizes.join(", ")}-block documents through the content API`);
  const seeded = await seedEditorSpace(base, seed, sizes, [CONFIG.smallBlocks, CONFIG.largeBlocks]);
  result.documents = seeded.documents;
  held.bare = await startBarePages(seeded.bareDocuments);
  result.bareScriptBytes = held.bare.scriptBytes;
  held.browser = await puppeteer.launch({
    executablePath: ensureChromium(),
    headless: true,
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
    protocolTimeout: 600_000,
  });
  result.browser = await held.browser.version();
  const page = await (await held.browser.createBrowserContext()).newPage();
  page.setDefaultTimeout(120_000);
  // Leaving an editor whose save is still pending asks first (beforeunload): the bench leaves.
  page.on("dialog", (dialog) => void dialog.accept());
  await page.evaluateOnNewDocument(installProbes);
  result.weight = await measureWeight(page, appBase, seeded);
  result.load = await measureLoads(page, appBase, held.bare.base, seeded);
  const typing = await measureTyping(page, {
    appBase,
    bareBase: held.bare.base,
    seeded,
    config: CONFIG,
    say,
  });
  result.typing = typing.typing;
  say("content-API writes from the page (the save's own request)");
  const writes = await measureWrites(page, appBase, seeded, CONFIG.writes);
  result.saves = typing.saves.map((save) => ({ ...save, writeMs: writes[save.blocks] }));
  result.loadAverageAfter = machine().loadAverage;
  const rows = evaluateAppTargets(result);
  result.targets = rows;
  process.stdout.write(`${renderAppReport(rows)}\n`);
  say(`raw figures: ${await writeAppResults(result)}`);
}

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  say(`failed: ${error?.stack ?? error}`);
} finally {
  await cleanUp();
}
