// The reader (reader/, published sites as HTML) in a real browser, on the fixture sites that
// scripts/lib/reader-fixture.mjs seeds through the API: every page template in light and dark
// (axe, console, requests, hosts), keyboard, layout shift, the mobile menu, reading without
// JavaScript, share links, visitor auth, page weight, and the screenshots of docs/reader/.
/* global window, document */
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import {
  axeReport,
  focused,
  open,
  recordLayoutShifts,
  shownTheme,
  toggleTo,
  watchPage,
} from "./fixtures/reader-checks.mjs";

/** scripts/browser-tests.mjs seeds the fixture sites before these run. */
export const needsFixture = true;

const SCREENSHOTS = resolve(import.meta.dirname, "../docs/reader");
const MOBILE = { width: 390, height: 844, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1280, height: 800 };
/** Texts of the every-block page, one per block type (the unknown one included). */
const BLOCK_TEXTS = JSON.parse(
  readFileSync(resolve(import.meta.dirname, "fixtures/every-block-texts.json"), "utf8"),
);

/** The page templates: the site root (the every-block page), a nested page, search, a 404. */
function templates(fixture) {
  const site = fixture.site.url;
  return [
    { name: "site root (every block)", url: site, status: 200, shows: "h1", text: "Every block" },
    {
      name: "nested content page",
      url: `${site}/install/configure`,
      status: 200,
      shows: "h1",
      text: "Configure",
    },
    {
      name: "search with results",
      url: `${site}/~search?q=install`,
      status: 200,
      shows: ".q-hits .q-hit-title",
      text: "Install",
    },
    { name: "404", url: `${site}/no-such-page`, status: 404, shows: "h1", text: "Page not found" },
  ];
}

/** One template in light, dark (media) and dark (toggle): axe, console and requests each time. */
function templateTest(index) {
  return {
    name: `template ${index + 1}: light, dark and toggled dark pass axe with no error or foreign request`,
    async run({ fixture, page, readerBase }) {
      const t = templates(fixture)[index];
      const notes = [];
      const failing = [];
      const audit = async (label) => {
        const report = await axeReport(page, `${t.name} ${label}`);
        failing.push(...report.failing);
        notes.push(...report.notes);
      };
      const watch = watchPage(page, readerBase, { allowedStatus: [t.status] });
      for (const value of ["light", "dark"]) {
        await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value }]);
        await open(page, t.url, t.status);
        assert.equal(await shownTheme(page), value);
        const shown = await page.$$eval(t.shows, (all) => all.map((el) => el.textContent.trim()));
        assert.ok(shown.includes(t.text), `${t.name}: ${t.shows} "${t.text}" in ${shown}`);
        await audit(value);
      }
      await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "light" }]);
      await toggleTo(page, "dark");
      await audit("toggled dark");
      await page.reload({ waitUntil: "load" });
      assert.equal(await shownTheme(page), "dark", "the toggled theme is kept on reload");
      watch.check(t.name);
      assert.deepEqual(failing, [], JSON.stringify(failing, null, 2));
      return [`${t.name}: ${t.url}`, ...notes];
    },
  };
}

/** Presses Tab until `match` is focused (at most `limit` times); answers what was passed. */
async function tabUntil(page, match, limit = 40) {
  const passed = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    passed.push(now);
    if (match(now)) return passed;
  }
  throw new Error(`never reached by Tab; passed: ${passed.join(" → ")}`);
}

export const tests = [
  {
    name: "the every-block page shows each block type, the image at its size",
    async run({ fixture, page }) {
      await open(page, fixture.site.url);
      // textContent: the tab panels the enhancer hides count too (innerText skips them).
      const text = await page.$eval("main", (el) => el.textContent.replace(/\s+/g, " "));
      const missing = BLOCK_TEXTS.filter((s) => !text.includes(s));
      assert.deepEqual(missing, [], `missing from the every-block page:\n${text.slice(0, 600)}`);
      const img = await page.$eval("main img", (el) => ({
        w: el.getAttribute("width"),
        h: el.getAttribute("height"),
        alt: el.alt,
      }));
      // The file proxy answers the image: scrolled into view, it loads (lazy) and decodes.
      await page.$eval("main img", (el) => el.scrollIntoView());
      const loaded = () => document.querySelector("main img").naturalWidth > 0;
      await page.waitForFunction(loaded, { timeout: 5000 });
      const notes = [];
      if (img.w !== String(fixture.image.width)) {
        notes.push(`note: image without its size (width=${img.w}, height=${img.h})`);
      }
      return notes;
    },
  },
  {
    name: "variants and hidden pages: the French variant in French, a hidden page by address only",
    async run({ fixture, page }) {
      const site = fixture.site.url;
      await open(page, site);
      const french = await page.$eval(".q-variants a[hreflang=fr]", (a) => a.href);
      await open(page, french);
      assert.equal(await page.$eval("html", (el) => el.lang), "fr");
      assert.equal(await page.$eval("main h1", (el) => el.textContent.trim()), "Bienvenue");
      await open(page, `${site}/${fixture.pages["Hidden notes"]}`);
      const listed = await page.$$eval(".q-nav a", (all) => all.map((a) => a.textContent.trim()));
      assert.ok(!listed.includes("Hidden notes"), `hidden page listed: ${listed}`);
    },
  },
  ...templates({ site: { url: "" } }).map((_, i) => templateTest(i)),
  {
    name: "keyboard: skip link first, then header, search, nav; tabs by arrows; Escape closes suggestions",
    async run({ fixture, page }) {
      await open(page, fixture.site.url);
      await page.keyboard.press("Tab");
      assert.match(await focused(page), /q-skip-link/, "the first Tab stop");
      const order = await tabUntil(page, (f) => f.includes("q-nav-link"));
      const at = (re) => order.findIndex((f) => re.test(f));
      assert.ok(at(/q-site-title/) >= 0, `header link before nav: ${order.join(" → ")}`);
      assert.ok(at(/q-search-input/) > at(/q-site-title/), `search after header links`);
      // Tabs block: the enhancer shows the tab list; ArrowRight selects the next tab.
      const tab = await page.$(".q-tablist [role=tab]");
      assert.ok(tab, "a tab list");
      await tab.focus();
      await page.keyboard.press("ArrowRight");
      const state = await page.evaluate(() => {
        const el = document.activeElement;
        const panel = document.getElementById(el.getAttribute("aria-controls"));
        return {
          selected: el.getAttribute("aria-selected"),
          text: el.textContent,
          shown: !!panel && !panel.hidden && panel.offsetHeight > 0,
        };
      });
      assert.deepEqual(state, { selected: "true", text: "yarn", shown: true });
      // Type-ahead: suggestions open, Escape closes them.
      await page.focus("#q-search-input");
      const answered = page.waitForResponse((r) => r.url().includes("format=json"));
      await page.keyboard.type("inst");
      const hits = (await (await answered).json()).hits?.length;
      await page.waitForSelector("#q-typeahead:not([hidden]) [role=option]", { timeout: 5000 });
      assert.ok(hits > 0, `suggestions for "inst": ${hits}`);
      await page.keyboard.press("Escape");
      assert.equal(await page.$eval("#q-typeahead", (el) => el.hidden), true, "Escape closes");
    },
  },
  {
    name: "no layout shift after load (CLS ≤ 0.01)",
    async run({ fixture, page }) {
      await page.setViewport(DESKTOP);
      await recordLayoutShifts(page);
      await open(page, fixture.site.url);
      await new Promise((r) => setTimeout(r, 800));
      const cls = await page.evaluate(() => window.__cls);
      assert.ok(cls <= 0.01, `CLS ${cls}`);
      return [`CLS ${cls.toFixed(4)}`];
    },
  },
  {
    name: "mobile (390×844): the menu opens and a nav link navigates",
    async run({ fixture, page }) {
      await page.setViewport(MOBILE);
      await open(page, fixture.site.url);
      assert.equal(await page.$eval(".q-menu", (el) => el.open), false, "closed when narrow");
      await page.click(".q-menu-button");
      const link = await page.waitForSelector(`.q-nav a[href$="/install"]`, { visible: true });
      await Promise.all([page.waitForNavigation({ waitUntil: "load" }), link.click()]);
      assert.match(page.url(), /\/install$/);
    },
  },
  {
    name: "without JavaScript: content, nav, search form and every tab panel",
    async run({ fixture, page }) {
      await page.setJavaScriptEnabled(false);
      await open(page, fixture.site.url);
      const text = await page.$eval("main", (el) => el.innerText);
      for (const s of ["Install with npm", "Install with yarn", "Install with pnpm"]) {
        assert.ok(text.includes(s), `tab panel "${s}" readable`);
      }
      assert.ok(await page.$(`.q-nav a[href$="/install"]`), "nav links");
      await page.type("#q-search-input", "configure");
      await Promise.all([
        page.waitForNavigation({ waitUntil: "load" }),
        page.keyboard.press("Enter"),
      ]);
      assert.match(page.url(), /~search\?q=configure/);
      assert.ok((await page.$eval("main", (el) => el.innerText)).includes("Configure"), "a hit");
    },
  },
  {
    name: "share link: the key opens the site, a reload keeps it, a fresh visitor gets the 404",
    async run({ fixture, page, browser }) {
      const { url, key } = fixture.shareLink;
      assert.ok(key, `no key in the share link's URL ${fixture.shareLink.link}`);
      await open(page, `${url}/install?share=${encodeURIComponent(key)}`);
      assert.equal(page.url(), `${url}/install`, "the key moved into a cookie");
      await page.reload({ waitUntil: "load" });
      assert.equal(await page.$eval("main h1", (el) => el.innerText.trim()), "Install");
      const context = await browser.createBrowserContext();
      try {
        const fresh = await context.newPage();
        await open(fresh, `${url}/install`, 404);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: "visitor auth: a page goes to the login and back with a JWT; a forged one goes to the login again",
    async run({ fixture, page }) {
      const { url } = fixture.visitorAuth;
      const before = fixture.login.state.visits;
      await open(page, `${url}/install`);
      assert.equal(page.url(), `${url}/install`, "back on the page");
      assert.equal(fixture.login.state.visits, before + 1, "through the login once");
      await page.deleteCookie(...(await page.cookies()));
      const forged = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwiZXhwIjo5OTk5OTk5OTk5fQ.forged";
      fixture.login.state.hold = true;
      try {
        await page.goto(`${url}/install?jwt_token=${forged}`, { waitUntil: "load" });
      } finally {
        fixture.login.state.hold = false;
      }
      assert.ok(page.url().startsWith(fixture.login.url), `at the login: ${page.url()}`);
    },
  },
  {
    name: "weight: JS ≤ 20 KB and CSS ≤ 40 KB gzipped per page",
    async run({ fixture, page }) {
      const bodies = { script: 0, stylesheet: 0 };
      const pending = [];
      page.on("response", (res) => {
        const type = res.request().resourceType();
        if (type in bodies) {
          pending.push(res.buffer().then((b) => (bodies[type] += gzipSync(b).length)));
        }
      });
      await open(page, fixture.site.url);
      await Promise.all(pending);
      const js = bodies.script / 1024;
      const css = bodies.stylesheet / 1024;
      assert.ok(js <= 20, `JS ${js.toFixed(1)} KB gz`);
      assert.ok(css <= 40, `CSS ${css.toFixed(1)} KB gz`);
      return [`JS ${js.toFixed(1)} KB gz, CSS ${css.toFixed(1)} KB gz`];
    },
  },
  {
    name: "screenshots (UPDATE_SCREENSHOTS=1 writes docs/reader/*.png)",
    async run({ fixture, page }) {
      if (process.env.UPDATE_SCREENSHOTS !== "1") return ["skipped: UPDATE_SCREENSHOTS is not 1"];
      mkdirSync(SCREENSHOTS, { recursive: true });
      const shots = [
        { file: "desktop-light.png", viewport: DESKTOP, scheme: "light" },
        { file: "desktop-dark.png", viewport: DESKTOP, scheme: "dark" },
        { file: "mobile-light.png", viewport: MOBILE, scheme: "light" },
        { file: "every-block-full.png", viewport: DESKTOP, scheme: "light", fullPage: true },
      ];
      for (const shot of shots) {
        await page.setViewport(shot.viewport);
        await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: shot.scheme }]);
        await open(page, fixture.site.url);
        // A full-page shot shows the images below the fold too (they load lazily).
        await page.$$eval("img[loading=lazy]", (all) => all.forEach((i) => (i.loading = "eager")));
        await page.waitForFunction(() => [...document.images].every((i) => i.complete));
        await page.screenshot({ path: resolve(SCREENSHOTS, shot.file), fullPage: !!shot.fullPage });
      }
      return shots.map((s) => `wrote docs/reader/${s.file}`);
    },
  },
];
