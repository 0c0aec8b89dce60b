// The block editor (issue 37) in a real browser: the edit screen of the seeded every-block page
// (scripts/lib/reader-fixture.mjs) inside a change request the demo owner opens, read back from
// the live Tiptap editor and compared with the stored Document (lossless in the real editor);
// markdown shortcuts typed make blocks; the `/` menu opens and closes; axe in light and dark,
// no CSP violation, no request to another host; a screenshot in docs/app/editor.png. Blocks
// move by Alt+Shift+arrows and by the drag handle (docs/app/editor-handle.png), live and in the
// save loop, the API holding the new order.
/* global document, window, DataTransfer, DragEvent */
import assert from "node:assert/strict";
import { audit, foreignRequests, signInByCode, visit } from "./fixtures/app-checks.mjs";
import {
  apiFromPage,
  editorDocument,
  openLive,
  textOf,
  typeAt,
  until,
} from "./fixtures/co-editing.mjs";

/** The browser tests seed the reader's fixture (the every-block page). */
export const needsFixture = true;

export const tests = [
  {
    name: "editor: the every-block page is lossless in the live editor; shortcuts make blocks",
    async run({ page, appBase, fixture }) {
      const foreign = foreignRequests(page, [appBase]);
      await page.evaluateOnNewDocument(() => {
        window.__cspViolations = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await signInByCode(page, appBase);
      const orgPath = await page.$eval("a[href^='/o/']", (a) => a.getAttribute("href"));
      const orgId = orgPath.split("/")[2];
      const spaces = await apiFromPage(page, "GET", `/orgs/${orgId}/spaces?limit=100`);
      const space = spaces.body.items.find((s) => s.title === "Reader guide");
      assert.ok(space, "the fixture's space is listed");
      const cr = await apiFromPage(page, "POST", `/spaces/${space.id}/change-requests`, {
        subject: "Edit every block",
      });
      assert.equal(cr.status, 201, JSON.stringify(cr.body));
      const pagePath = fixture.pages["Every block"];
      const base = `/spaces/${space.id}/change-requests/${cr.body.number}`;
      const stored = await apiFromPage(page, "GET", `${base}/content/path/${pagePath}`);
      assert.equal(stored.status, 200);

      await visit(page, `${appBase}/s/${space.id}/~/changes/${cr.body.number}/${pagePath}`);
      await page.waitForSelector("[data-editor-ready] .q-ed-content");
      assert.deepEqual(await editorDocument(page), stored.body.document, "lossless in the editor");
      const labels = await page.$$eval(".q-ed-label", (els) => els.map((el) => el.textContent));
      assert.ok(
        labels.some((label) => label.startsWith("Image")),
        `labels: ${labels}`,
      );
      assert.ok(
        labels.some((label) => label.startsWith("Unsupported block:")),
        `${labels}`,
      );
      await audit(page, "editor", { shot: true, dark: true });

      // Everything goes; then markdown shortcuts make a heading and a bulleted list.
      await page.focus(".q-ed-content");
      await page.keyboard.down("Control");
      await page.keyboard.press("a");
      await page.keyboard.up("Control");
      await page.keyboard.press("Backspace");
      await page.keyboard.type("# Title");
      await page.keyboard.press("Enter");
      await page.keyboard.type("- item");
      const typed = await editorDocument(page);
      const [heading, list] = typed.nodes;
      assert.equal(heading.type, "heading-1", JSON.stringify(typed.nodes));
      assert.equal(textOf(heading), "Title");
      assert.equal(list.type, "list-unordered", JSON.stringify(typed.nodes));
      assert.equal(list.nodes[0].type, "list-item");
      assert.equal(textOf(list), "item");

      // Out of the list; the `/` menu: a listbox that filters, Escape closes, Enter makes.
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await page.keyboard.type("/");
      await page.waitForSelector("[role=listbox]:not([hidden])");
      await page.keyboard.press("Escape");
      await page.waitForSelector("[role=listbox][hidden]");
      await page.keyboard.press("Backspace");
      await page.keyboard.type("/quote");
      const options = await page.$$eval("[role=listbox] [role=option]", (els) =>
        els.map((el) => el.textContent),
      );
      assert.deepEqual(options, ["Quote"]);
      await page.keyboard.press("Enter");
      await page.keyboard.type("Said");
      const quoted = await editorDocument(page);
      assert.equal(quoted.nodes.at(-1).type, "blockquote", JSON.stringify(quoted.nodes));
      assert.equal(textOf(quoted.nodes.at(-1)), "Said");

      assert.deepEqual(await page.evaluate(() => window.__cspViolations), [], "no CSP violation");
      assert.deepEqual(foreign, [], "no request left the app's origin");
    },
  },
  {
    name: "editor saves: typed text reaches the API; a tab closed before the save and an offline period lose nothing",
    async run({ page, appBase }) {
      await signInByCode(page, appBase);
      const orgPath = await page.$eval("a[href^='/o/']", (a) => a.getAttribute("href"));
      const orgId = orgPath.split("/")[2];
      const spaces = await apiFromPage(page, "GET", `/orgs/${orgId}/spaces?limit=100`);
      const space = spaces.body.items.find((s) => s.title === "Reader guide");
      const cr = await apiFromPage(page, "POST", `/spaces/${space.id}/change-requests`, {
        subject: "Saving",
      });
      const made = await apiFromPage(
        page,
        "POST",
        `/spaces/${space.id}/change-requests/${cr.body.id}/content`,
        {
          changes: [{ operation: "insert_page", title: "Notes", document: { markdown: "Start." } }],
        },
      );
      assert.equal(made.status, 200, JSON.stringify(made.body));
      const edit = `${appBase}/s/${space.id}/~/changes/${cr.body.number}/notes`;
      const stored = async () => {
        const res = await apiFromPage(
          page,
          "GET",
          `/spaces/${space.id}/change-requests/${cr.body.id}/content/path/notes`,
        );
        return textOf(res.body.document);
      };
      const saved = (p) => p.waitForSelector('[data-save-status][data-save-state="saved"]');
      const typeAtEnd = async (p, text) => {
        await p.focus(".q-ed-content");
        await p.keyboard.press("End");
        await p.keyboard.down("Control");
        await p.keyboard.press("End");
        await p.keyboard.up("Control");
        await p.keyboard.type(text);
      };

      // Typed, then saved through the API once the status says so.
      await visit(page, edit);
      await page.waitForSelector("[data-editor-ready] .q-ed-content");
      await saved(page);
      await typeAtEnd(page, " One");
      await page.waitForSelector(
        '[data-save-status][data-save-state="unsaved"], [data-save-status][data-save-state="saving"]',
      );
      await saved(page);
      assert.equal(await stored(), "Start. One");

      // A tab closed right after typing (before the debounced save): the next tab saves it.
      await typeAtEnd(page, " Two");
      // Leaving with unsaved changes asks first (beforeunload); the person leaves anyway.
      page.once("dialog", (dialog) => void dialog.accept());
      await page.goto("about:blank");
      await visit(page, edit);
      await page.waitForSelector("[data-editor-ready] .q-ed-content");
      await saved(page);
      assert.equal(await stored(), "Start. One Two");

      // Offline: the status says so and the text waits; back online, it is saved.
      await page.setOfflineMode(true);
      await typeAtEnd(page, " Three");
      await page.waitForSelector('[data-save-status][data-save-state="offline"]');
      await page.setOfflineMode(false);
      // The save loop waits for "Retry now"; a live room's editor reconnects by itself when
      // the network is back (the button may already be gone).
      await page.click("[data-save-status] button").catch(() => undefined);
      await saved(page);
      assert.equal(await stored(), "Start. One Two Three");
    },
  },
  {
    name: "editor moves blocks: Alt+Shift+arrows and the drag handle, live then in the save loop; the API holds the order",
    async run({ page, appBase }) {
      const foreign = foreignRequests(page, [appBase]);
      await signInByCode(page, appBase);
      const orgPath = await page.$eval("a[href^='/o/']", (a) => a.getAttribute("href"));
      const spaces = await apiFromPage(
        page,
        "GET",
        `/orgs/${orgPath.split("/")[2]}/spaces?limit=100`,
      );
      const space = spaces.body.items.find((s) => s.title === "Reader guide");
      const orderPage = async (subject) => {
        const cr = await apiFromPage(page, "POST", `/spaces/${space.id}/change-requests`, {
          subject,
        });
        const content = `/spaces/${space.id}/change-requests/${cr.body.id}/content`;
        const made = await apiFromPage(page, "POST", content, {
          changes: [
            {
              operation: "insert_page",
              title: "Order",
              document: { markdown: "Alpha.\n\nBeta.\n\nGamma." },
            },
          ],
        });
        assert.equal(made.status, 200, JSON.stringify(made.body));
        return {
          edit: `${appBase}/s/${space.id}/~/changes/${cr.body.number}/order`,
          stored: async () =>
            (await apiFromPage(page, "GET", `${content}/path/order`)).body.document.nodes.map(
              textOf,
            ),
        };
      };
      const said = () => page.$eval(".q-ed-moves", (el) => el.textContent);
      const moves = async (order, mode, shot) => {
        // The keyboard: the caret in "Alpha.", Alt+Shift+Down.
        await typeAt(page, "start", "");
        await page.keyboard.down("Alt");
        await page.keyboard.down("Shift");
        await page.keyboard.press("ArrowDown");
        await page.keyboard.up("Shift");
        await page.keyboard.up("Alt");
        assert.equal(await said(), "Moved down: now block 2 of 3", mode);
        const moved = ["Beta.", "Alpha.", "Gamma."];
        await until(`${mode}: the keyboard move saved`, async () => {
          const now = await order.stored();
          return JSON.stringify(now) === JSON.stringify(moved) || now;
        });
        // The handle: shown beside the hovered block, dragged above the first one.
        await page.hover(".q-ed-content > :nth-child(3)");
        await page.waitForSelector(".q-ed-handle:not([hidden])");
        const label = await page.$eval(".q-ed-handle", (el) => el.getAttribute("aria-label"));
        assert.match(label, /^Move this block: drag it, or press Alt\+Shift\+Up or Down/);
        if (shot) await audit(page, "editor-handle", { shot: true, dark: true });
        await page.evaluate(() => {
          const handle = document.querySelector(".q-ed-handle");
          const first = document.querySelector(".q-ed-content > :first-child");
          const rect = first.getBoundingClientRect();
          const dataTransfer = new DataTransfer();
          const at = { bubbles: true, cancelable: true, dataTransfer, clientX: rect.left + 20 };
          handle.dispatchEvent(new DragEvent("dragstart", at));
          first.dispatchEvent(new DragEvent("dragover", { ...at, clientY: rect.top + 2 }));
          first.dispatchEvent(new DragEvent("drop", { ...at, clientY: rect.top + 2 }));
          handle.dispatchEvent(new DragEvent("dragend", at));
        });
        assert.equal(await said(), "Moved: now block 1 of 3", mode);
        const dragged = ["Gamma.", "Beta.", "Alpha."];
        assert.deepEqual((await editorDocument(page)).nodes.map(textOf), dragged, mode);
        await until(`${mode}: the drag saved`, async () => {
          const now = await order.stored();
          return JSON.stringify(now) === JSON.stringify(dragged) || now;
        });
      };

      const live = await orderPage("Move blocks live");
      await openLive(page, live.edit);
      await moves(live, "live", true);

      // Where the live room never answers (no socket opens): the save loop saves the moves.
      await page.evaluateOnNewDocument(() => {
        window.WebSocket = class {
          constructor() {
            setTimeout(() => this.onclose?.({ code: 1006, reason: "" }), 10);
          }
          send() {}
          close() {}
        };
      });
      const saving = await orderPage("Move blocks, save loop");
      await visit(page, saving.edit);
      await page.waitForSelector('[data-save-status][data-save-state="saved"]');
      await moves(saving, "save loop", false);
      assert.deepEqual(foreign, [], "no request left the app's origin");
    },
  },
];
