// `npm run bench:app`'s seeded space and its typing and writing runs: the generated documents
// written through the content API (a merged welcome page, then one change request holding the
// pages the editor opens and the pages the content writes go to), a typed paragraph in Quire's
// editor (live room, then the save loop without rooms) and in the bare one, and the timed
// content-API writes of the same documents from the signed-in page.
/* global window */
import { apiClient } from "../../scripts/lib/api-client.mjs";
import { bareHtml, blocksMarkdown } from "./app-documents.mjs";
import { loadToCaret, savedAfter, typeParagraph } from "./app-measure.mjs";
import { refuseWebSockets, timeContentWrites } from "./app-probes.mjs";

/** The typed paragraph (80 keys): lower-case words and spaces, the same in every run. */
const TYPED = "the quick brown fox writes a paragraph of documentation while the editor keeps up";
/** The debounces a save waits before it starts (src/collab/saver.ts, core/saving/save-status.ts). */
const ROOM_DEBOUNCE_MS = 2000;
const SAVE_LOOP_DEBOUNCE_MS = 1000;
/** Time left to the page after it is editable (a room's sync, the save loop's first read). */
const SETTLE_MS = 1000;

/** One batch of `changes` in change request `crId` (compat=false: the editor's own API). */
const batch = (api, spaceId, crId, changes) =>
  api("POST", `/spaces/${spaceId}/change-requests/${crId}/content?compat=false`, { changes });

/**
 * Seeds the bench's space as the demo owner: "Welcome" (the smallest document) merged to main,
 * then a change request with "Blocks <n>" for every size and "Writes <n>" for `writeSizes`.
 */
export async function seedEditorSpace(base, seed, sizes, writeSizes) {
  const api = apiClient(base, seed.secret);
  const orgId = seed.organization.id;
  const space = await api("POST", `/orgs/${orgId}/spaces`, { title: "Bench editor" });
  const markdown = Object.fromEntries(sizes.map((n) => [n, blocksMarkdown(n)]));
  const first = await api("POST", `/spaces/${space.id}/change-requests`, { subject: "Welcome" });
  const welcome = { markdown: markdown[sizes[0]].markdown };
  await batch(api, space.id, first.id, [
    { operation: "insert_page", title: "Welcome", document: welcome },
  ]);
  await api("POST", `/spaces/${space.id}/change-requests/${first.id}/merge`);
  const cr = await api("POST", `/spaces/${space.id}/change-requests`, { subject: "Bench edits" });
  const titled = [
    ...sizes.map((n) => [`Blocks ${n}`, n]),
    ...writeSizes.map((n) => [`Writes ${n}`, n]),
  ];
  for (const [title, n] of titled) {
    const document = { markdown: markdown[n].markdown };
    await batch(api, space.id, cr.id, [{ operation: "insert_page", title, document }]);
  }
  const crBase = `/spaces/${space.id}/change-requests/${cr.id}/content`;
  const tree = await api("GET", `${crBase}?bodies=false`);
  const byTitle = new Map(tree.pages.map((p) => [p.title, p]));
  const documents = {};
  for (const n of sizes) {
    const read = await api("GET", `${crBase}/page/${byTitle.get(`Blocks ${n}`).id}`);
    documents[n] = {
      blocks: read.document.nodes.length,
      markdownBytes: Buffer.byteLength(markdown[n].markdown),
      documentJsonBytes: Buffer.byteLength(JSON.stringify(read.document)),
      mix: markdown[n].mix,
    };
  }
  const main = await api("GET", `/spaces/${space.id}/content?bodies=false`);
  return {
    orgId,
    space: space.id,
    changeRequest: { id: cr.id, number: cr.number },
    contentPath: `/v1${crBase}`,
    welcomePath: main.pages.find((p) => p.title === "Welcome").path,
    documents,
    bareDocuments: Object.fromEntries(sizes.map((n) => [n, bareHtml(markdown[n].markdown)])),
    writePages: Object.fromEntries(writeSizes.map((n) => [n, byTitle.get(`Writes ${n}`).id])),
    editorPath: (n) => `/s/${space.id}/~/changes/${cr.number}/${byTitle.get(`Blocks ${n}`).path}`,
  };
}

/**
 * What one `document-change` costs the editor (ms, median of 5): the mount's `document-request`
 * runs, synchronously, what every keystroke's update runs (the Document by `fromEditor` of the
 * editor's JSON, and whoever listens: the save loop keeps a draft of it).
 */
function changeCost(page) {
  return page.evaluate(() => {
    const mount = window.document.querySelector("[data-editor]");
    const times = [];
    for (let i = 0; i < 5; i++) {
      const started = window.performance.now();
      mount.dispatchEvent(new window.CustomEvent("document-request"));
      times.push(window.performance.now() - started);
    }
    return times.sort((a, b) => a - b)[2];
  });
}

/**
 * One key typed once everything is saved: when its save is shown as done (the debounce then the
 * write, with no longest-wait cut short by earlier typing).
 */
async function oneKeySave(page) {
  await new Promise((done) => setTimeout(done, 300));
  await page.evaluate(() => {
    window.__bench.keys = [];
    window.__bench.typing = true;
  });
  await page.keyboard.type(".");
  await page.waitForFunction(() => window.__bench.keys.length > 0, { polling: 50 });
  const lastKeyAt = await page.evaluate(() => {
    window.__bench.typing = false;
    return window.__bench.lastKeyAt;
  });
  return savedAfter(page, lastKeyAt);
}

/** One typed paragraph at `url`: the caret, the keys, and (Quire) the saves that followed. */
async function typedRun(page, url, keyDelayMs, quire) {
  const caret = await loadToCaret(page, url);
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  const live = await page.evaluate(() => Boolean(window.document.querySelector("[data-live]")));
  const typed = await typeParagraph(page, TYPED, keyDelayMs);
  const run = { caret, live, keys: typed.keys, slowEvents: typed.slowEvents };
  if (!quire) return run;
  run.paragraphSave = await savedAfter(page, typed.lastKeyAt);
  // Before the one-key save: a change told to the save loop is an edit it saves too.
  run.changeCostMs = await changeCost(page);
  run.save = await oneKeySave(page);
  return run;
}

/**
 * Typing on the small and the large document: Quire with its live room, the bare editor, then
 * Quire without rooms (its save loop); answers the runs and the saves they made.
 */
export async function measureTyping(page, { appBase, bareBase, seeded, config, say }) {
  const sizes = [config.smallBlocks, config.largeBlocks];
  const typing = { sizes, keys: TYPED.length, quire: {}, bare: {}, saveLoop: {} };
  const runs = async (into, n, label, url, quire) => {
    into[n] = [];
    for (let run = 0; run < config.typingRuns; run++) {
      say(`typing ${run + 1}/${config.typingRuns}: ${label}, ${n} blocks`);
      into[n].push(await typedRun(page, url, config.keyDelayMs, quire));
    }
  };
  for (const n of sizes) {
    await runs(typing.quire, n, "Quire (live room)", `${appBase}${seeded.editorPath(n)}`, true);
    await runs(typing.bare, n, "bare ProseMirror", `${bareBase}/${n}`, false);
  }
  const refusing = await page.evaluateOnNewDocument(refuseWebSockets);
  for (const n of sizes) {
    await runs(typing.saveLoop, n, "Quire (save loop)", `${appBase}${seeded.editorPath(n)}`, true);
  }
  await page.removeScriptToEvaluateOnNewDocument(refusing.identifier);
  const saves = [];
  for (const [mode, runsOf, debounceMs] of [
    ["live room", typing.quire, ROOM_DEBOUNCE_MS],
    ["save loop", typing.saveLoop, SAVE_LOOP_DEBOUNCE_MS],
  ]) {
    for (const n of sizes) {
      const made = runsOf[n].map((r) => r.save);
      const savedMs = made.filter((s) => s.state === "saved").map((s) => s.ms);
      saves.push({ mode, blocks: n, debounceMs, savedMs, outcomes: made });
    }
  }
  return { typing, saves };
}

/** Times `writes` content writes of each write page's document, from the signed-in page. */
export async function measureWrites(page, appBase, seeded, writes) {
  const res = await page.goto(`${appBase}/`, { waitUntil: "load" });
  if (res?.status() !== 200) throw new Error(`GET ${appBase}/ answered ${res?.status()}`);
  const out = {};
  for (const [n, pageId] of Object.entries(seeded.writePages)) {
    const read = await page.evaluate(
      async (path, id) => {
        const tree = await (await fetch(`${path}?bodies=false`)).json();
        const found = tree.pages.find((p) => p.id === id);
        const body = await (await fetch(`${path}/page/${id}`)).json();
        return { documentId: found.documentId, document: body.document };
      },
      seeded.contentPath,
      pageId,
    );
    const timed = await page.evaluate(
      timeContentWrites,
      seeded.contentPath,
      pageId,
      read.documentId,
      read.document,
      writes,
    );
    if (timed.error) throw new Error(`content write of ${n} blocks: ${timed.error}`);
    out[n] = timed.times;
  }
  return out;
}
