// The app's workspace screens (issue 37) in a real browser: the organization home, the search
// results and Ctrl/Cmd-K dialog, the sites, members, teams, integrations and API specs screens, a
// space and one of its pages, each audited by axe-core in light and dark, no request to another
// host, and screenshots in docs/app/. Signed in as the demo owner by the e-mail code
// (test-browser/fixtures/app-checks.mjs).
/* global document */
import assert from "node:assert/strict";
import { audit, foreignRequests, heading, signInByCode, visit } from "./fixtures/app-checks.mjs";

/** Runs in the page: makes a space with a few pages (a change request, its content, a merge). */
async function writeSpace(orgId) {
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
    title: "Handbook",
  });
  const cr = await call("POST", `/spaces/${space.id}/change-requests`, { subject: "First pages" });
  const markdown = [
    "# Before you start\n\nYou need **Node 20** and a terminal.\n",
    '{% hint style="info" %}\nEvery command runs from the repository root.\n{% endhint %}\n',
    "<details>\n\n<summary>Why Node?</summary>\n\nThe Workers run locally with it.\n\n</details>\n",
    "```bash\nnpm install\nnpm test\n```\n",
  ].join("\n");
  await call("POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, {
    changes: [
      {
        operation: "insert_page",
        ref: "start",
        title: "Getting started",
        description: "From nothing to a running site.",
        document: { markdown },
      },
      {
        operation: "insert_page",
        into: "start",
        title: "Install",
        document: { markdown: "Run `npm install`, then `npm run dev`.\n" },
      },
    ],
  });
  await call("POST", `/spaces/${space.id}/change-requests/${cr.id}/merge`);
  return space.id;
}

export const tests = [
  {
    name: "workspace: organization home, search, sites, members, teams, integrations, API specs, a space and a page",
    async run({ page, appBase }) {
      const foreign = foreignRequests(page, [appBase]);
      await signInByCode(page, appBase);
      const org = await page.$eval("a[href^='/o/']", (a) => a.getAttribute("href"));
      const orgPath = org.match(/^\/o\/[^/]+/)[0];
      await visit(page, `${appBase}${orgPath}`);
      await audit(page, "org-home", { shot: true, dark: true });
      await page.setViewport({ width: 360, height: 740 });
      await audit(page, "org-home-narrow", { shot: true });
      await page.setViewport({ width: 1280, height: 800 });
      await visit(page, `${appBase}${orgPath}/search?q=demo`);
      await audit(page, "org-search", { shot: true, dark: true });
      // An e-mail invite, so the members screen shows its pending invites (with their revoke).
      await visit(page, `${appBase}${orgPath}/settings/members`);
      await page.type("#invite-emails", "pending-person@example.test");
      await Promise.all([
        page.waitForNavigation({ waitUntil: "load" }),
        page.click('form[aria-label="Invite by e-mail"] button[type="submit"]'),
      ]);
      const pending = await page.$eval("main", (m) => m.textContent);
      assert.match(pending, /Pending invites[\s\S]*pending-person@example\.test/);
      const screens = [
        ["sites", `${orgPath}/sites`],
        ["members", `${orgPath}/settings/members`],
        ["teams", `${orgPath}/settings/teams`],
        ["integrations", `${orgPath}/integrations`],
        ["openapi", `${orgPath}/openapi`],
      ];
      for (const [name, path] of screens) {
        await visit(page, `${appBase}${path}`);
        assert.ok((await heading(page)).length > 0, `${name} has a heading`);
        await audit(page, `admin-${name}`, { shot: true, dark: true });
      }
      // A space (its page tree and first page) and another of its pages, by the tree's links: the
      // space is written through the API on the app's origin, as the page's scripts would.
      await visit(page, `${appBase}${orgPath}`);
      const spaceId = await page.evaluate(writeSpace, decodeURIComponent(orgPath.slice(3)));
      await visit(page, `${appBase}/s/${spaceId}`);
      assert.ok(await page.$(".a-sp-tree [aria-current='page']"), "the tree marks the page");
      await audit(page, "space", { shot: true, dark: true });
      const other = await page.$$eval(".a-sp-tree a[href^='/s/']:not([aria-current])", (links) =>
        links.map((a) => a.getAttribute("href")),
      );
      if (other.length > 0) {
        await visit(page, `${appBase}${other[0]}`);
        assert.ok(await page.$(".a-sp-crumbs"), "a page has its breadcrumbs");
        await audit(page, "space-page", { shot: true, dark: true });
        // "Edit in a change request", by keyboard: the person's new draft, at this page, editable.
        await page.focus(".a-sp-edit button");
        await Promise.all([
          page.waitForNavigation({ waitUntil: "load" }),
          page.keyboard.press("Enter"),
        ]);
        const at = new URL(page.url()).pathname;
        const pagePath = other[0].slice(`/s/${spaceId}/`.length);
        assert.match(at, new RegExp(`^/s/${spaceId}/~/changes/\\d+/${pagePath}$`));
        await page.waitForSelector("[data-editor-ready] [contenteditable='true']");
      }
      assert.deepEqual(foreign, [], "no request left the app's origin");
    },
  },
];
