// The permissions screen of a space (issue 37) in a real browser: who has access and through
// what, a member found by search and invited with a role, audited by axe-core in light and dark,
// no request to another host, and its screenshot in docs/app/ (signed in as the demo owner).
/* global document */
import assert from "node:assert/strict";
import { audit, foreignRequests, signInByCode, visit } from "./fixtures/app-checks.mjs";

/** Runs in the page: makes a space through the API on the app's origin. */
async function makeSpace(orgId) {
  const csrf = document.querySelector('meta[name="quire-csrf"]').getAttribute("content");
  const res = await fetch(`/v1/orgs/${encodeURIComponent(orgId)}/spaces`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Quire-CSRF": csrf },
    body: JSON.stringify({ title: "Runbooks" }),
  });
  if (!res.ok) throw new Error(`create space: ${res.status}`);
  return (await res.json()).id;
}

export const tests = [
  {
    name: "permissions: a space's permissions, a member found and invited",
    async run({ page, appBase }) {
      const foreign = foreignRequests(page, [appBase]);
      await signInByCode(page, appBase);
      const org = await page.$eval("a[href^='/o/']", (a) => a.getAttribute("href"));
      const orgPath = org.match(/^\/o\/[^/]+/)[0];
      await visit(page, `${appBase}${orgPath}`);
      const spaceId = await page.evaluate(makeSpace, decodeURIComponent(orgPath.slice(3)));
      await visit(page, `${appBase}/s/${spaceId}`);
      assert.ok(await page.$(`a[href='/s/${spaceId}/~/permissions']`), "the space links it");
      await visit(page, `${appBase}/s/${spaceId}/~/permissions?find=%40`);
      await page.select("#perm-role", "comment");
      await Promise.all([
        page.waitForNavigation({ waitUntil: "load" }),
        page.click('form[aria-label="Invite"] button[type="submit"]'),
      ]);
      const main = await page.$eval("main", (m) => m.textContent);
      assert.match(main, /they have the role now/);
      assert.match(main, /Invited[\s\S]*comment/);
      await audit(page, "space-permissions", { shot: true, dark: true });
      assert.deepEqual(foreign, [], "no request left the app's origin");
    },
  },
];
