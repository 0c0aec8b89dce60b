// What `npm run bench:app` runs inside the page (Quire's editor and the bare one alike), installed
// before any of the page's scripts: when the editor became editable with the caret in it, each
// typed key's latency to the next paint, Chromium's event timing of slow keys, and every change
// of the save status line (`data-save-state`). Read back as `window.__bench`.
/* global window, document, requestAnimationFrame, MessageChannel, MutationObserver, PerformanceObserver */

/**
 * Installed with `page.evaluateOnNewDocument`. Ready: the first moment `[data-editor-ready]`
 * holds an editable element; it is focused at once and the time taken after the next paint
 * (a message posted from requestAnimationFrame runs after the frame is drawn). Keys: while
 * `__bench.typing`, each keydown's `timeStamp` to the paint after it.
 */
export function installProbes() {
  const bench = { readyAt: null, focused: false, typing: false, keys: [], slowEvents: [] };
  bench.saves = [];
  window.__bench = bench;
  const afterPaint = (run) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => run(performance.now());
      channel.port2.postMessage(0);
    });
  const check = () => {
    for (const area of document.querySelectorAll("[data-save-state]")) {
      const state = area.dataset.saveState;
      if (bench.saves.at(-1)?.state !== state) bench.saves.push({ state, at: performance.now() });
    }
    if (bench.readyAt !== null || bench.pending) return;
    const editable = document.querySelector("[data-editor-ready] [contenteditable=true]");
    if (!editable) return;
    bench.pending = true;
    editable.focus();
    afterPaint((at) => {
      bench.readyAt = at;
      bench.focused = document.activeElement === editable && document.getSelection().rangeCount > 0;
    });
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ["data-editor-ready", "contenteditable", "data-save-state"],
  });
  document.addEventListener(
    "keydown",
    (event) => {
      if (!bench.typing) return;
      const at = event.timeStamp;
      bench.lastKeyAt = at;
      afterPaint((painted) => bench.keys.push(painted - at));
    },
    true,
  );
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (bench.typing) bench.slowEvents.push({ name: entry.name, duration: entry.duration });
      }
    }).observe({ type: "event", durationThreshold: 16 });
  } catch {
    // No event timing in this browser: the rAF figures stand alone.
  }
}

/**
 * Installed with `page.evaluateOnNewDocument` for the runs without a live room: a WebSocket that
 * closes before it opens, so the editor saves through its save loop (the content API), as it
 * does wherever rooms are unavailable.
 */
export function refuseWebSockets() {
  window.WebSocket = class {
    constructor() {
      this.readyState = 3;
      setTimeout(() => this.onclose?.({ code: 1006, reason: "refused by the bench" }), 0);
    }
    send() {}
    close() {}
  };
}

/**
 * In the page: times `writes` content-API writes of `document` onto `pageId` (the save loop's
 * own request: one `update_page` on its base), each on the base the previous one answered,
 * each adding one paragraph (so every write stores a new document).
 */
export async function timeContentWrites(contentPath, pageId, baseDocumentId, document, writes) {
  const csrf = window.document.querySelector("meta[name=quire-csrf]")?.content ?? "";
  const times = [];
  let base = baseDocumentId;
  for (let i = 0; i < writes; i++) {
    const text = { object: "text", leaves: [{ object: "leaf", text: `Write ${i}.`, marks: [] }] };
    const added = { object: "block", type: "paragraph", nodes: [text] };
    const written = { ...document, nodes: [...document.nodes, added] };
    const change = { operation: "update_page", page: pageId, baseDocumentId: base };
    const body = { changes: [{ ...change, document: { document: written } }] };
    const started = performance.now();
    const res = await fetch(`${contentPath}?compat=false`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Quire-CSRF": csrf },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    times.push(performance.now() - started);
    if (!res.ok) return { error: `${res.status} ${JSON.stringify(answer).slice(0, 300)}`, times };
    base = answer.changes[0].page.documentId;
  }
  return { times };
}
