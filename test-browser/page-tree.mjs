// The page tree of a change request edited in a real browser (issue 37): a page moved down by
// the keyboard alone (Tab to its "Move … down" button, Enter: a form post, no script), the
// API holding the new order; then dragged into a page and back before it (the same move
// form, posted by app/client/tree/main.ts); axe in light and dark on the tree and on the edit screen with its
// page settings open; screenshots docs/app/page-tree.png and docs/app/page-settings.png.
/* global document, DataTransfer, DragEvent */
import assert from "node:assert/strict";
import { audit, foreignRequests, signInByCode } from "./fixtures/app-checks.mjs";
import { apiFromPage } from "./fixtures/co-editing.mjs";

/** The browser tests seed the reader's fixture (the "Reader guide" space). */
export const needsFixture = true;

export const tests = [
  {
    name: "page tree: a page moved down by the keyboard; the tree and the page settings pass axe",
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
      const cr = await apiFromPage(page, "POST", `/spaces/${space.id}/change-requests`, {
        subject: "Reorder",
      });
      const content = `/spaces/${space.id}/change-requests/${cr.body.id}/content`;
      const made = await apiFromPage(page, "POST", content, {
        changes: ["First moved", "Second moved"].map((title) => ({
          operation: "insert_page",
          title,
          document: { markdown: `${title}.` },
        })),
      });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      const titles = async () =>
        (await apiFromPage(page, "GET", content)).body.pages
          .map((p) => p.title)
          .filter((t) => t.endsWith(" moved"));
      assert.deepEqual(await titles(), ["First moved", "Second moved"]);

      const tree = `${appBase}/s/${space.id}/~/changes/${cr.body.number}/~/pages`;
      await page.goto(tree);
      await audit(page, "page-tree", { shot: true, dark: true });
      // Keyboard only: Tab until the button has the focus, then Enter.
      const target = "Move First moved down";
      let focused = "";
      for (let i = 0; i < 400 && focused !== target; i++) {
        await page.keyboard.press("Tab");
        focused = await page.evaluate(
          () => document.activeElement?.getAttribute("aria-label") ?? "",
        );
      }
      assert.equal(focused, target, "the move button is reachable by Tab");
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      assert.match(await page.$eval("[role=status]", (el) => el.textContent), /Page moved\./);
      assert.deepEqual(await titles(), ["Second moved", "First moved"]);

      // Drag and drop posts the same move form: onto the middle of a row (inside it), then
      // onto the top of a row (before it).
      const drag = (from, onto, share) =>
        Promise.all([
          page.waitForNavigation(),
          page.evaluate(
            (from, onto, share) => {
              const row = (title) =>
                document.querySelector(`li[data-page-title="${title}"] > .q-tree-row`);
              const target = row(onto);
              const rect = target.getBoundingClientRect();
              const dataTransfer = new DataTransfer();
              const at = { bubbles: true, cancelable: true, dataTransfer, clientX: rect.left + 8 };
              const y = { ...at, clientY: rect.top + rect.height * share };
              row(from).dispatchEvent(new DragEvent("dragstart", at));
              target.dispatchEvent(new DragEvent("dragover", y));
              target.dispatchEvent(new DragEvent("drop", y));
            },
            from,
            onto,
            share,
          ),
        ]);
      await drag("First moved", "Second moved", 0.5);
      assert.match(await page.$eval("[role=status]", (el) => el.textContent), /Page moved\./);
      const second = (await apiFromPage(page, "GET", content)).body.pages.find(
        (p) => p.title === "Second moved",
      );
      assert.deepEqual(
        second.pages.map((p) => p.title),
        ["First moved"],
      );
      await drag("First moved", "Second moved", 0.1);
      assert.deepEqual(await titles(), ["First moved", "Second moved"]);

      // The edit screen with its page settings open.
      await page.goto(`${appBase}/s/${space.id}/~/changes/${cr.body.number}/first-moved`);
      await page.waitForSelector("[data-editor-ready] .q-ed-content");
      await page.click(".q-ed-settings > summary");
      await audit(page, "page-settings", { shot: true, dark: true });
      assert.deepEqual(foreign, [], "no request left the app's origin");
    },
  },
];
