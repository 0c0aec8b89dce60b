// The measurements `npm run bench:app` takes in Chromium (puppeteer-core), the same way for
// Quire's editor and the bare one: the JavaScript a screen loads (the served bytes of every
// script, gzipped here), the navigation to a focused caret, a typed paragraph's key-to-paint
// latencies and, in Quire, when the status line says the typed text is saved.
/* global window, document */
import { gzipSync } from "node:zlib";

/** How long a screen may keep loading scripts after `load` (late imports are counted too). */
const SETTLE_MS = 1500;

/**
 * Opens `url` and counts every script response (status, bytes as served and gzipped -9 here)
 * until `SETTLE_MS` after `load` (and after `ready`, when given, e.g. the editor's). Answers the
 * scripts and their totals, and the first contentful paint.
 */
export async function scriptWeight(page, url, ready) {
  const scripts = [];
  const pending = [];
  const onResponse = (res) => {
    if (res.request().resourceType() !== "script") return;
    pending.push(
      res.buffer().then(
        (body) => scripts.push({ url: res.url(), raw: body.length, gzip: gzipSync(body).length }),
        () => scripts.push({ url: res.url(), raw: 0, gzip: 0, unread: true }),
      ),
    );
  };
  page.on("response", onResponse);
  try {
    const res = await page.goto(url, { waitUntil: "load" });
    if (res?.status() !== 200) throw new Error(`GET ${url} answered ${res?.status()}`);
    if (ready) await ready(page);
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    await Promise.all(pending);
  } finally {
    page.off("response", onResponse);
  }
  const fcp = await page.evaluate(
    () => window.performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
  );
  const sum = (k) => scripts.reduce((n, s) => n + s[k], 0);
  return { url, scripts, rawBytes: sum("raw"), gzipBytes: sum("gzip"), fcpMs: fcp };
}

/** Waits for the probes' `readyAt` (the focused caret) and answers it with the navigation's marks. */
export async function untilCaret(page) {
  await page.waitForFunction(() => window.__bench?.readyAt != null, { polling: 50 });
  return page.evaluate(() => {
    const nav = window.performance.getEntriesByType("navigation")[0];
    return {
      caretMs: window.__bench.readyAt,
      focused: window.__bench.focused,
      domContentLoadedMs: nav?.domContentLoadedEventEnd ?? null,
      loadMs: nav?.loadEventEnd ?? null,
    };
  });
}

/** Navigates to `url` (a fresh load: the cache is off) and answers when the caret was there. */
export async function loadToCaret(page, url) {
  const res = await page.goto(url, { waitUntil: "load" });
  if (res?.status() !== 200) throw new Error(`GET ${url} answered ${res?.status()}`);
  return untilCaret(page);
}

/**
 * Types `text` in a new paragraph after the document's end, `delayMs` between keys, timing each
 * key; answers the latencies (ms) and the keys' slow event-timing entries.
 */
export async function typeParagraph(page, text, delayMs) {
  await page.focus("[data-editor-ready] [contenteditable=true]");
  await page.keyboard.down("Control");
  await page.keyboard.press("End");
  await page.keyboard.up("Control");
  await page.keyboard.press("Enter");
  await new Promise((done) => setTimeout(done, 300));
  await page.evaluate(() => {
    window.__bench.keys = [];
    window.__bench.slowEvents = [];
    window.__bench.typing = true;
  });
  await page.keyboard.type(text, { delay: delayMs });
  // The last key's paint.
  await page.waitForFunction((n) => window.__bench.keys.length >= n, { polling: 50 }, text.length);
  return page.evaluate(() => {
    window.__bench.typing = false;
    const { keys, slowEvents, lastKeyAt } = window.__bench;
    return { keys, slowEvents, lastKeyAt };
  });
}

/** The status line's states that end a save's wait (saved, or a refusal the person is shown). */
const SETTLED = ["saved", "failed", "conflict", "signedOut"];

/**
 * Waits until the status line settles (saved, or refused) after `since` (the last key's time
 * stamp, the page's clock); answers the state, how long after `since` and the states seen.
 */
export async function savedAfter(page, since, timeoutMs = 60_000) {
  const settled = await page
    .waitForFunction(
      (t, ends) => window.__bench.saves.some((s) => ends.includes(s.state) && s.at > t),
      { polling: 50, timeout: timeoutMs },
      since,
      SETTLED,
    )
    .then(
      () => true,
      () => false,
    );
  return page.evaluate(
    (t, ends, ok) => {
      const states = window.__bench.saves.filter((s) => s.at > t - 10_000);
      const end = ok ? window.__bench.saves.find((s) => ends.includes(s.state) && s.at > t) : null;
      const line = document.querySelector("[data-save-state]")?.textContent ?? "";
      return { state: end?.state ?? "timeout", ms: end ? end.at - t : null, states, line };
    },
    since,
    SETTLED,
    settled,
  );
}

/** The p-th percentile (0–100) of `values`, nearest rank; null for none. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
