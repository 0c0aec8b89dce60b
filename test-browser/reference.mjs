// The HTML API reference (/v1/reference) in a real browser: accessibility (axe-core), its CSP
// (the inline stylesheet and search script admitted, nothing refused), the live search, the
// plain form without JavaScript, and anchors. Run by scripts/browser-tests.mjs.
/* global window, document */
import assert from "node:assert/strict";
import { axeReport } from "./fixtures/reader-checks.mjs";

/** Records the page's CSP violations in `window.__csp` from before its first script runs. */
async function watchCsp(page) {
  await page.evaluateOnNewDocument(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}

/** Opens the page and checks the Worker answered it (not an error page). */
async function open(page, url) {
  const res = await page.goto(url, { waitUntil: "load" });
  assert.equal(res?.status(), 200, `GET ${url} answered ${res?.status()}`);
}

/** The operations the page shows now: anchors of the visible `.op` sections. */
function visibleOperations(page) {
  return page.$$eval(".op", (ops) => ops.filter((op) => !op.hidden).map((op) => op.id));
}

/** Fails on a serious or critical violation; returns every violation found, as notes. */
async function expectAccessible(page) {
  const { failing, notes } = await axeReport(page, "reference");
  assert.deepEqual(failing, [], JSON.stringify(failing, null, 2));
  return notes;
}

export const tests = [
  {
    name: "has no serious or critical axe-core violation: the whole page",
    async run({ base, page }) {
      await open(page, `${base}/v1/reference`);
      return expectAccessible(page);
    },
  },
  {
    name: "has no serious or critical axe-core violation: a search, every folded schema opened",
    async run({ base, page }) {
      await open(page, `${base}/v1/reference?q=comments`);
      await page.$$eval("details", (all) => all.forEach((d) => (d.open = true)));
      return expectAccessible(page);
    },
  },
  {
    name: "runs under its CSP: the live search filters as one types, nothing refused",
    async run({ base, page }) {
      await watchCsp(page);
      await open(page, `${base}/v1/reference`);
      const all = await visibleOperations(page);
      assert.ok(all.length > 100, `only ${all.length} operations listed`);
      await page.type("#q", "post comments");
      const shown = await visibleOperations(page);
      assert.ok(shown.length > 0 && shown.length < all.length, `${shown.length} shown`);
      const count = await page.$eval("#count", (el) => el.textContent);
      assert.equal(count, `${shown.length} of ${all.length} operations`);
      // The browser's filter and the server's (the plain form) are the same rule.
      const server = await fetch(`${base}/v1/reference?q=post+comments`).then((r) => r.text());
      const served = [...server.matchAll(/<section class="op" id="([^"]+)"/g)].map((m) => m[1]);
      assert.deepEqual(shown, served);
      const hiddenGroups = await page.$$eval(".tag", (g) => g.filter((x) => x.hidden).length);
      assert.ok(hiddenGroups > 0, "areas without a match stay visible");
      assert.deepEqual(await page.evaluate(() => window.__csp), []);
      return [`"post comments": ${shown.length} of ${all.length} operations`];
    },
  },
  {
    name: "without JavaScript, the search form filters on the server",
    async run({ base, page }) {
      await page.setJavaScriptEnabled(false);
      await open(page, `${base}/v1/reference`);
      await page.type("#q", "createSpace");
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      assert.match(page.url(), /\/v1\/reference\?q=createSpace$/);
      const shown = await visibleOperations(page);
      assert.deepEqual(shown, ["createSpace"]);
      assert.equal(await page.$eval("#q", (el) => el.value), "createSpace");
    },
  },
  {
    name: "every operation has its anchor: the operationId",
    async run({ base, page }) {
      await open(page, `${base}/v1/reference#getSpaceById`);
      const target = await page.$eval(":target", (el) => el.querySelector("h3")?.textContent);
      assert.match(target ?? "", /GET\s+\/v1\/spaces\/\{spaceId\}/);
      const ids = await page.$$eval(".op", (ops) => ops.map((op) => op.id));
      assert.equal(new Set(ids).size, ids.length, "duplicate anchors");
    },
  },
  {
    name: "is answered quickly once rendered (kept per isolate)",
    async run({ base }) {
      const timed = async () => {
        const started = performance.now();
        const res = await fetch(`${base}/v1/reference`);
        const body = await res.text();
        assert.equal(res.status, 200, `GET /v1/reference answered ${res.status}`);
        return { ms: performance.now() - started, bytes: body.length };
      };
      const first = await timed();
      const again = await timed();
      return [
        `first ${first.ms.toFixed(0)} ms, then ${again.ms.toFixed(0)} ms (${(again.bytes / 1024).toFixed(0)} KiB)`,
      ];
    },
  },
];
