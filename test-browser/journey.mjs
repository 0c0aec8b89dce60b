// The issue 37 "done when" journey in a real browser, one person and a colleague: the owner signs
// in, creates a space with the organization home's form, writes a page of many block types in a
// change request (the every-block fixture's blocks that name nothing of another space) and types
// in it in the block editor until it is saved, proposes it (ready for review) and asks a colleague
// (invited with the review role) to review; the space's merge rules hold the merge for that
// colleague's approval; the colleague opens the diff, comments on a block, then approves with a
// comment; the author merges, creates a site for the space with the sites screen's form,
// publishes it and reads the page in the reader. axe in light and dark on the change request's
// screen and the diff view, no request to another host; screenshots in
// docs/app/change-request-review.png and docs/app/change-request-diff.png. (This file took over
// test-browser/review.mjs, whose review steps are the journey's.)
/* global document */
import assert from "node:assert/strict";
import { audit, foreignRequests, signInByCode, submit, visit } from "./fixtures/app-checks.mjs";

/** The browser tests seed the reader's fixture (the every-block page). */
export const needsFixture = true;

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

/** The every-block page's top-level blocks that reference nothing (no file, page or spec). */
function selfContained(document) {
  const foreign = /"kind":"(file|page|openapi)"/;
  return { ...document, nodes: document.nodes.filter((n) => !foreign.test(JSON.stringify(n))) };
}

const TYPED = "Written in the browser. ";

export const tests = [
  {
    name: "journey: sign in, create a space, write every kind of block, propose, a colleague reviews with a comment on a block, merge, publish, read",
    async run({ page, appBase, browser, fixture }) {
      const foreign = foreignRequests(page, [appBase]);
      await signInByCode(page, appBase);
      const orgPath = await page.$eval("a[href^='/o/']", (a) => a.getAttribute("href"));
      const orgId = orgPath.split("/")[2];

      // A space, made with the organization home's form.
      await visit(page, `${appBase}/o/${orgId}`);
      await page.type("#new-space-title", "Journey handbook");
      await submit(page, "form[aria-label='Create a space'] button[type=submit]", 200);
      const spaceId = new URL(page.url()).pathname.split("/")[2];
      assert.match(await textOf(page, "main"), /Journey handbook/);

      // A page of many block types in a change request (the fixture's every-block page).
      const spaces = await api(page, "GET", `/orgs/${orgId}/spaces?limit=100`);
      const guide = spaces.items.find((s) => s.title === "Reader guide");
      const everyBlock = fixture.pages["Every block"];
      const source = await api(page, "GET", `/spaces/${guide.id}/content/path/${everyBlock}`);
      const document_ = selfContained(source.document);
      assert.ok(document_.nodes.length > 20, "most of the every-block page is self-contained");
      const cr = await api(page, "POST", `/spaces/${spaceId}/change-requests`, {
        subject: "Every block",
      });
      const crApi = `/spaces/${spaceId}/change-requests/${cr.number}`;
      await api(page, "POST", `${crApi}/content`, {
        changes: [
          { operation: "insert_page", title: "Every block", document: { document: document_ } },
        ],
      });

      // Typed in the block editor, saved through the API.
      await visit(page, `${appBase}/s/${spaceId}/~/changes/${cr.number}/every-block`);
      await page.waitForSelector("[data-editor-ready] .q-ed-content");
      await page.waitForSelector('[data-save-status][data-save-state="saved"]');
      await page.focus(".q-ed-content");
      await page.keyboard.down("Control");
      await page.keyboard.press("Home");
      await page.keyboard.up("Control");
      await page.keyboard.type(TYPED);
      await page.waitForSelector(
        '[data-save-status]:not([data-save-state="saved"]), [data-save-status][data-save-state="saved"]',
      );
      for (let i = 0; i < 100; i++) {
        const stored = await api(page, "GET", `${crApi}/content/path/every-block?format=markdown`);
        if (JSON.stringify(stored).includes(TYPED.trim())) break;
        assert.ok(i < 99, "the typed text reaches the API");
        await new Promise((done) => setTimeout(done, 200));
      }

      // Proposed: ready for review.
      const screen = `${appBase}/s/${spaceId}/~/changes/${cr.number}`;
      await visit(page, screen);
      await submit(page, "form[action$='/status'] button[type=submit]", 200);
      const invite = await api(page, "POST", `/orgs/${orgId}/link-invites`, { role: "review" });

      const other = await browser.createBrowserContext();
      try {
        const colleague = await other.newPage();
        const theirForeign = foreignRequests(colleague, [appBase]);
        await signInByCode(colleague, appBase, "reviewer@example.com");
        await visit(colleague, `${appBase}/join/${orgId}/${invite.id}`);
        await submit(colleague, "main form button[type=submit]", 200);
        const colleagueId = (await api(colleague, "GET", "/user")).id;
        await api(page, "PATCH", `/spaces/${spaceId}`, {
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

        // The colleague reads the diff and comments on a block the page adds.
        await visit(colleague, screen);
        await Promise.all([colleague.waitForNavigation(), colleague.click("a[href$='/~/diff']")]);
        assert.match(await textOf(colleague, "main"), /Added/);
        assert.match(await textOf(colleague, "main"), new RegExp(TYPED.trim()));
        const added = ".a-diff-added";
        await colleague.click(`${added} .a-diff-new summary`);
        await colleague.type(`${added} .a-diff-new textarea`, "Is **every block** needed here?");
        await submit(colleague, `${added} .a-diff-new button[type=submit]`, 200);
        assert.match(await textOf(colleague, `${added} .a-thread`), /every block/);
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

      // Published with the sites screen's forms, and read in the reader.
      await visit(page, `${appBase}/o/${orgId}/sites`);
      await page.type("#site-title", "Journey site");
      await page.select("#site-visibility", "public");
      await page.select("#site-space", spaceId);
      await submit(page, "form[aria-label='New site'] button[type=submit]", 200);
      await submit(page, "form[action$='/publish'] button[type=submit]", 200);
      const readerUrl = await page.$eval("#open-reader", (a) => a.getAttribute("href"));
      assert.deepEqual(foreign, [], "no request to another host");
      await visit(page, readerUrl);
      assert.match(await textOf(page, "main"), new RegExp(TYPED.trim()));
      assert.match(await textOf(page, "main"), /Every block/);
    },
  },
];
