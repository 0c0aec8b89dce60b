// Reviewing a change request in the app (issue 37) in a real browser: the owner asks a colleague
// (invited with the review role) to review a change request whose merge the space's merge rules
// hold for that colleague's approval; the colleague opens the diff, comments on a block, then
// approves with a comment; the author sees the approval and merges. axe in light and dark on the
// change request's screen and the diff view, no request to another host; screenshots in
// docs/app/change-request-review.png and docs/app/change-request-diff.png.
/* global document */
import assert from "node:assert/strict";
import { audit, foreignRequests, signInByCode, submit, visit } from "./fixtures/app-checks.mjs";

/** A /v1 call from the page, same-origin with the session (writes carry the CSRF token). */
async function api(page, method, path, body) {
  const answer = await page.evaluate(
    async (method, path, body) => {
      const csrf = document.querySelector("meta[name=quire-csrf]")?.content ?? "";
      const res = await fetch(`/v1${path}`, {
        method,
        headers: { "Content-Type": "application/json", "X-Quire-CSRF": csrf },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    method,
    path,
    body,
  );
  assert.ok(
    answer.status < 300,
    `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`,
  );
  return answer.body;
}

/** The text of the first element matching `selector`. */
function textOf(page, selector) {
  return page.$eval(selector, (el) => el.textContent ?? "");
}

export const tests = [
  {
    name: "review: a colleague comments on a block and approves; the merge rules then let the author merge",
    async run({ page, appBase, browser }) {
      const foreign = foreignRequests(page, [appBase]);
      await signInByCode(page, appBase);
      const orgId = (await page.$eval("a[href^='/o/']", (a) => a.getAttribute("href"))).split(
        "/",
      )[2];
      const invite = await api(page, "POST", `/orgs/${orgId}/link-invites`, { role: "review" });

      // A space with a page on main, and a change request that edits it.
      const space = await api(page, "POST", `/orgs/${orgId}/spaces`, { title: "Review demo" });
      const seed = await api(page, "POST", `/spaces/${space.id}/change-requests`, {
        subject: "seed",
      });
      const seedPath = `/spaces/${space.id}/change-requests/${seed.number}`;
      await api(page, "POST", `${seedPath}/content`, {
        changes: [
          {
            operation: "insert_page",
            title: "Install",
            document: { markdown: "# Install\n\nRun the installer.\n\nRestart twice.\n\nDone." },
          },
        ],
      });
      await api(page, "POST", `${seedPath}/merge`);
      const tree = await api(page, "GET", `/spaces/${space.id}/content?bodies=false`);
      const pageId = tree.pages[0].id;
      const cr = await api(page, "POST", `/spaces/${space.id}/change-requests`, {
        subject: "Simpler install",
      });
      const crApi = `/spaces/${space.id}/change-requests/${cr.number}`;
      await api(page, "POST", `${crApi}/content`, {
        changes: [
          {
            operation: "update_page",
            page: pageId,
            document: {
              markdown: "# Install\n\nRun the installer.\n\nNo restart needed.\n\nDone.",
            },
          },
        ],
      });
      await api(page, "PATCH", crApi, { status: "open" });
      const screen = `${appBase}/s/${space.id}/~/changes/${cr.number}`;

      const other = await browser.createBrowserContext();
      try {
        const colleague = await other.newPage();
        const theirForeign = foreignRequests(colleague, [appBase]);
        await signInByCode(colleague, appBase, "reviewer@example.com");
        await visit(colleague, `${appBase}/join/${orgId}/${invite.id}`);
        await submit(colleague, "main form button[type=submit]", 200);
        const colleagueId = (await api(colleague, "GET", "/user")).id;
        await api(page, "PATCH", `/spaces/${space.id}`, {
          mergeRules: {
            type: "rules",
            rules: [{ rule: "require_specific_reviewers", users: [colleagueId] }],
          },
        });

        // The author asks the colleague to review; the merge waits for their approval.
        await visit(page, screen);
        await page.select("#cr-reviewer", colleagueId);
        await submit(page, `form[action$='/reviewers'] button[type=submit]`, 200);
        assert.match(await textOf(page, ".a-notice"), /Review requested/);
        assert.match(await textOf(page, "#cr-merge-waits"), /require an approval/);
        assert.ok(await page.$("button[disabled][aria-describedby='cr-merge-waits']"));

        // The colleague reads the diff and comments on the changed block.
        await visit(colleague, screen);
        await Promise.all([colleague.waitForNavigation(), colleague.click("a[href$='/~/diff']")]);
        assert.match(await textOf(colleague, "main"), /Added/);
        assert.match(await textOf(colleague, "main"), /Removed/);
        const added = ".a-diff-added";
        await colleague.click(`${added} .a-diff-new summary`);
        await colleague.type(`${added} .a-diff-new textarea`, "Is **no restart** true on Windows?");
        await submit(colleague, `${added} .a-diff-new button[type=submit]`, 200);
        assert.match(await textOf(colleague, `${added} .a-thread`), /no restart/);
        await audit(colleague, "change-request-diff", { shot: true, dark: true });

        // Then approves, with a comment.
        await visit(colleague, screen);
        await colleague.click("input[name=status][value=approved]");
        await colleague.type("#cr-review-comment", "Fine once the note is answered.");
        await submit(colleague, "form[action$='/reviews'] button[type=submit]", 200);
        assert.match(await textOf(colleague, ".a-notice"), /Review submitted/);
        assert.deepEqual(theirForeign, [], "no request to another host (colleague)");
      } finally {
        await other.close();
      }

      // The author sees the approval, and the merge is allowed now.
      await visit(page, screen);
      assert.match(await textOf(page, "#cr-reviews-heading + ul"), /Approved/);
      assert.equal(await page.$("#cr-merge-waits"), null);
      await audit(page, "change-request-review", { shot: true, dark: true });
      await submit(page, "form[action$='/merge'] button[type=submit]", 200);
      assert.match(await textOf(page, ".a-notice"), /Merged into main/);
      assert.deepEqual(foreign, [], "no request to another host");
    },
  },
];
