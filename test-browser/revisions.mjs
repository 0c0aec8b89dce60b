// The history, revision and revert screens (issue 37) in a real browser: a space written through
// the API in two merges, its history reached from the page by keyboard, a revision's screen, a
// page as it was, and the revert confirmation submitted by keyboard into a change request; each
// audited by axe-core in light and dark, no request to another host, screenshots in docs/app/.
/* global document */
import assert from "node:assert/strict";
import { audit, foreignRequests, heading, signInByCode, visit } from "./fixtures/app-checks.mjs";

/** Runs in the page: a space with a page written, then rewritten, in two merges. */
async function writeHistory(orgId) {
  const csrf = document.querySelector('meta[name="quire-csrf"]').getAttribute("content");
  const call = async (method, path, body) => {
    const res = await fetch(`/v1${path}`, {
      method,
      headers: { "Content-Type": "application/json", "X-Quire-CSRF": csrf },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const space = await call("POST", `/orgs/${encodeURIComponent(orgId)}/spaces`, {
    title: "Release notes",
  });
  const merge = async (subject, changes) => {
    const cr = await call("POST", `/spaces/${space.id}/change-requests`, { subject });
    await call("POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, { changes });
    await call("POST", `/spaces/${space.id}/change-requests/${cr.id}/merge`);
  };
  await merge("First notes", [
    {
      operation: "insert_page",
      title: "Changelog",
      document: { markdown: "# Version 1\n\nThe **first** release.\n" },
    },
  ]);
  const pages = await call("GET", `/spaces/${space.id}/content/pages`);
  await merge("Second release", [
    {
      operation: "update_page",
      page: pages.pages[0].id,
      document: { markdown: "# Version 2\n\nThe second release.\n" },
    },
    { operation: "insert_page", title: "Roadmap", document: { markdown: "Next: more.\n" } },
  ]);
  return space.id;
}

/** Presses Tab until the focused element matches `selector` (at most `max` times). */
async function tabTo(page, selector, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const here = await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
    if (here) return;
  }
  throw new Error(`${selector} is not reachable by keyboard`);
}

export const tests = [
  {
    name: "revisions: history from the page by keyboard, a revision, an old page, revert by keyboard",
    async run({ page, appBase }) {
      const foreign = foreignRequests(page, [appBase]);
      await signInByCode(page, appBase);
      const org = await page.$eval("a[href^='/o/']", (a) => a.getAttribute("href"));
      const orgId = decodeURIComponent(org.match(/^\/o\/([^/]+)/)[1]);
      const spaceId = await page.evaluate(writeHistory, orgId);

      await visit(page, `${appBase}/s/${spaceId}/changelog`);
      await tabTo(page, "a[href$='/~/revisions']");
      await Promise.all([
        page.waitForNavigation({ waitUntil: "load" }),
        page.keyboard.press("Enter"),
      ]);
      assert.equal(await heading(page), "History");
      await audit(page, "history", { shot: true, dark: true });

      // The oldest revision with content (the first merge), by its link in the list.
      const links = await page.$$eval(".a-list a[href*='/~/revisions/']", (els) =>
        els.map((a) => a.getAttribute("href")),
      );
      assert.equal(links.length, 3, "three revisions: creation and two merges");
      await visit(page, `${appBase}${links[1]}`);
      assert.ok((await heading(page)).startsWith("Revision of"));
      await audit(page, "revision", { shot: true, dark: true });

      await visit(page, `${appBase}${links[1]}/changelog`);
      const text = await page.$eval(".a-sp-document", (el) => el.textContent);
      assert.ok(text.includes("The first release."), "the page as it was");
      await audit(page, "revision-page", { shot: true, dark: true });

      await visit(page, `${appBase}${links[1]}/~revert`);
      await audit(page, "revert", { shot: true, dark: true });
      await tabTo(page, "#revert-subject");
      await page.keyboard.type("Back to version 1");
      await tabTo(page, "main form button[type=submit]", 5);
      await Promise.all([
        page.waitForNavigation({ waitUntil: "load" }),
        page.keyboard.press("Enter"),
      ]);
      assert.match(new URL(page.url()).pathname, new RegExp(`^/s/${spaceId}/~/changes/\\d+$`));
      assert.equal(await heading(page), "Back to version 1 #3");
      assert.deepEqual(foreign, [], "no request left the app's origin");
    },
  },
];
