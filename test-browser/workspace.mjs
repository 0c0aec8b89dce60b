// The app's workspace screens (issue 37) in a real browser: the organization home, the search
// results and Ctrl/Cmd-K dialog, the sites, members, teams, integrations and API specs screens,
// each audited by axe-core in light and dark, no request to another host, and screenshots in
// docs/app/. Signed in as the demo owner by the e-mail code (test-browser/fixtures/app-checks.mjs).
import assert from "node:assert/strict";
import { audit, foreignRequests, heading, signInByCode, visit } from "./fixtures/app-checks.mjs";

export const tests = [
  {
    name: "workspace: organization home, search, sites, members, teams, integrations, API specs",
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
      assert.deepEqual(foreign, [], "no request left the app's origin");
    },
  },
];
