// Live co-editing (issue 38) in real browsers, through the app's origin to the API's room: two
// people (two browser contexts) typing in different blocks and in the same paragraph (its two
// ends) of one change request page converge, see each other (and who is typing), and the API
// holds the text; one of them offline for a while types, comes back, and both converge; a reader
// sees the edits live and cannot type; three people typing at once (two in one paragraph, one in
// a new block) converge and it is saved; two people edit a page of a live-mode space in place
// (its main, no change request) and the page screen and the API show it.
// Screenshots: docs/app/co-editing.png (two carets, who is here), co-editing-reader.png.
import assert from "node:assert/strict";
import { audit, foreignRequests } from "./fixtures/app-checks.mjs";
import { signInByCode, visit } from "./fixtures/app-checks.mjs";
import {
  apiFromPage,
  editorText,
  invitedPerson,
  textOf,
  openLive,
  presentNames,
  sharedPage,
  typeAt,
  until,
} from "./fixtures/co-editing.mjs";

/** The browser tests seed the reader's fixture (the "Reader guide" space). */
export const needsFixture = true;

/** Both pages hold the same text, containing every word of `words`; answers that text. */
async function converged(pages, words) {
  let text = "";
  await until(`converged on ${words.join(", ")}`, async () => {
    const texts = await Promise.all(pages.map(editorText));
    text = texts[0];
    return texts.every((t) => t === text) && words.every((w) => text.includes(w)) ? true : texts;
  });
  return text;
}

/** Whoever is marked "typing" in the "who is here" list. */
const TYPING = "[data-presence] [data-typing] .q-co-name";

/**
 * `page` shows `name` typing (and no one else), and its live region says `announced` (by
 * default "<name> is typing"; "" when it was said within the minute).
 */
async function typingShown(page, name, announced = `${name} is typing`) {
  await page.waitForSelector(TYPING, { timeout: 10_000 });
  const [names, said] = await Promise.all([
    page.$$eval(TYPING, (els) => els.map((el) => el.textContent)),
    page.$eval("[data-typing-announcer]", (el) => el.textContent),
  ]);
  assert.deepEqual(names, [name]);
  assert.equal(said, announced);
}

/**
 * The owner signed in on `page`, a new space (editMode live, the default) whose main has a page
 * "Together" holding "Start." (through a merged change request), and its page screen's address.
 */
async function liveMainPage(page, appBase, title) {
  await signInByCode(page, appBase);
  const orgPath = await page.$eval("a[href^='/o/']", (a) => a.getAttribute("href"));
  const orgId = orgPath.split("/")[2];
  const space = await apiFromPage(page, "POST", `/orgs/${orgId}/spaces`, { title });
  assert.equal(space.status, 201, JSON.stringify(space.body));
  assert.equal(space.body.editMode, "live");
  const id = space.body.id;
  const cr = await apiFromPage(page, "POST", `/spaces/${id}/change-requests`, { subject: "Seed" });
  assert.equal(cr.status, 201, JSON.stringify(cr.body));
  const made = await apiFromPage(
    page,
    "POST",
    `/spaces/${id}/change-requests/${cr.body.id}/content`,
    {
      changes: [{ operation: "insert_page", title: "Together", document: { markdown: "Start." } }],
    },
  );
  assert.equal(made.status, 200, JSON.stringify(made.body));
  const merged = await apiFromPage(
    page,
    "POST",
    `/spaces/${id}/change-requests/${cr.body.id}/merge`,
  );
  assert.equal(merged.status, 200, JSON.stringify(merged.body));
  const stored = async () => {
    const res = await apiFromPage(page, "GET", `/spaces/${id}/content/path/together`);
    return textOf(res.body.document);
  };
  return { orgId, stored, screen: `${appBase}/s/${id}/together` };
}

/** The status line of `page` says `state` (data-save-state). */
const saidState = (page, state) =>
  page.waitForSelector(`[data-save-status][data-save-state="${state}"]`, { timeout: 30_000 });

export const tests = [
  {
    name: "co-editing: two people in one change request page converge, see each other, and the API holds the text",
    async run({ page, appBase, browser }) {
      const foreign = foreignRequests(page, [appBase]);
      const shared = await sharedPage(page, appBase, "Write together");
      const bea = await invitedPerson(browser, page, appBase, shared.orgId, {
        email: "bea-live@example.com",
        name: "Bea Writer",
        role: "edit",
      });
      try {
        await openLive(page, shared.edit);
        await openLive(bea.page, shared.edit);
        await until("both people listed on both screens", async () => {
          const [mine, theirs] = [await presentNames(page), await presentNames(bea.page)];
          return mine.length === 2 && theirs.length === 2 ? true : [mine, theirs];
        });
        assert.ok((await presentNames(page)).some((name) => name.startsWith("Bea Writer")));
        const owner = (await presentNames(bea.page)).find((name) => !name.endsWith("(you)"));
        // Different blocks at once: the owner at the end, Bea in a new first paragraph; each
        // sees the other "typing" (never themselves), announced once, gone 2 s after the keys.
        await Promise.all([
          typeAt(page, "end", " Owner was here."),
          (async () => {
            await typeAt(bea.page, "start", "Bea first.");
            await bea.page.keyboard.press("Enter");
          })(),
          typingShown(page, "Bea Writer"),
          typingShown(bea.page, owner),
        ]);
        await converged([page, bea.page], ["Owner was here.", "Bea first."]);
        await page.waitForSelector(TYPING, { hidden: true, timeout: 10_000 });
        // The same paragraph at once: the owner at its end, Bea at its start.
        await Promise.all([
          typeAt(page, "end", " alpha"),
          typeAt(bea.page, "last", "beta "),
          typingShown(page, "Bea Writer", ""),
        ]);
        const text = await converged([page, bea.page], ["alpha", "beta"]);
        await saidState(page, "saved");
        await saidState(bea.page, "saved");
        await until("the API holds the converged text", async () =>
          (await shared.stored()) === text ? true : await shared.stored(),
        );
        // A moment for the carets to be drawn, then axe and the screenshot.
        await page.waitForSelector(".q-co-caret");
        await audit(page, "co-editing", { shot: true, dark: true });
        assert.deepEqual(foreign, [], "no request left the app's origin");
      } finally {
        await bea.context.close();
      }
    },
  },
  {
    name: "co-editing: offline for a while, typing goes on; back online, both converge and it is saved",
    async run({ page, appBase, browser }) {
      const shared = await sharedPage(page, appBase, "Offline together");
      const cy = await invitedPerson(browser, page, appBase, shared.orgId, {
        email: "cy-live@example.com",
        name: "Cy Traveller",
        role: "edit",
      });
      try {
        await openLive(page, shared.edit);
        await openLive(cy.page, shared.edit);
        await cy.page.setOfflineMode(true);
        await saidState(cy.page, "offline");
        await typeAt(cy.page, "end", " written offline");
        await typeAt(page, "end", " written online");
        await until("the owner sees only their own words meanwhile", async () => {
          const text = await editorText(page);
          return text.includes("written online") && !text.includes("written offline") ? true : text;
        });
        await cy.page.setOfflineMode(false);
        await saidState(cy.page, "saved");
        const text = await converged([page, cy.page], ["written offline", "written online"]);
        await until("the API holds both", async () =>
          (await shared.stored()) === text ? true : await shared.stored(),
        );
      } finally {
        await cy.context.close();
      }
    },
  },
  {
    name: "co-editing: a reader sees the edits live and cannot type",
    async run({ page, appBase, browser }) {
      const shared = await sharedPage(page, appBase, "Read along");
      const dee = await invitedPerson(browser, page, appBase, shared.orgId, {
        email: "dee-live@example.com",
        name: "Dee Reader",
        role: "read",
      });
      try {
        await openLive(page, shared.edit);
        await openLive(dee.page, shared.edit);
        await saidState(dee.page, "readonly");
        const editable = await dee.page.$eval(".q-ed-content", (el) => el.contentEditable);
        assert.equal(editable, "false");
        await typeAt(page, "end", " for the reader");
        await converged([page, dee.page], ["for the reader"]);
        // Keys in the reader's editor change nothing, there or for the owner.
        await dee.page.click(".q-ed-content");
        await dee.page.keyboard.type(" sneaky");
        await saidState(page, "saved");
        assert.ok(!(await editorText(dee.page)).includes("sneaky"));
        assert.ok(!(await editorText(page)).includes("sneaky"));
        await audit(dee.page, "co-editing-reader", { shot: true });
      } finally {
        await dee.context.close();
      }
    },
  },
  {
    name: "co-editing: three people type at once, two in one paragraph and one in a new block; all converge and it is saved",
    async run({ page, appBase, browser }) {
      const shared = await sharedPage(page, appBase, "Three together");
      const people = [];
      try {
        for (const [email, name] of [
          ["fay-live@example.com", "Fay Writer"],
          ["gus-live@example.com", "Gus Writer"],
        ]) {
          people.push(
            await invitedPerson(browser, page, appBase, shared.orgId, {
              email,
              name,
              role: "edit",
            }),
          );
        }
        const pages = [page, ...people.map((p) => p.page)];
        for (const p of pages) await openLive(p, shared.edit);
        await until("three people listed on every screen", async () => {
          const lists = await Promise.all(pages.map(presentNames));
          return lists.every((names) => names.length === 3) ? true : lists;
        });
        const [fay, gus] = people.map((p) => p.page);
        await Promise.all([
          typeAt(page, "end", " Owner ends."),
          typeAt(fay, "start", "Fay starts. "),
          (async () => {
            await typeAt(gus, "end", "");
            await gus.keyboard.press("Enter");
            await gus.keyboard.type("Gus adds a block.");
          })(),
        ]);
        const text = await converged(pages, ["Owner ends.", "Fay starts.", "Gus adds a block."]);
        const owner = text.indexOf("Owner ends.");
        assert.ok(text.indexOf("Fay starts.") < text.indexOf("Start."), JSON.stringify(text));
        assert.ok(text.indexOf("Start.") < owner, JSON.stringify(text));
        for (const p of pages) await saidState(p, "saved");
        await until("the API holds the converged text", async () =>
          (await shared.stored()) === text ? true : await shared.stored(),
        );
      } finally {
        for (const p of people) await p.context.close();
      }
    },
  },
  {
    name: "co-editing: two people edit a live-mode space's page in place (main, no change request); the page screen and the API show it",
    async run({ page, appBase, browser }) {
      const shared = await liveMainPage(page, appBase, "Live main");
      const bea = await invitedPerson(browser, page, appBase, shared.orgId, {
        email: "bea-main@example.com",
        name: "Bea Main",
        role: "edit",
      });
      try {
        // The owner finds "Edit live" on the page screen; Bea opens its address directly.
        await visit(page, shared.screen);
        await Promise.all([
          page.waitForNavigation({ waitUntil: "load" }),
          page.click("a[href$='?edit=live']"),
        ]);
        await page.waitForSelector("[data-editor-ready][data-live='true'] .q-ed-content");
        await openLive(bea.page, `${shared.screen}?edit=live`);
        await until("both people listed on both screens", async () => {
          const [mine, theirs] = [await presentNames(page), await presentNames(bea.page)];
          return mine.length === 2 && theirs.length === 2 ? true : [mine, theirs];
        });
        await Promise.all([
          typeAt(page, "end", " Owner on main."),
          typeAt(bea.page, "start", "Bea on main. "),
        ]);
        const text = await converged([page, bea.page], ["Owner on main.", "Bea on main."]);
        await saidState(page, "saved");
        await saidState(bea.page, "saved");
        await until("main holds the converged text", async () =>
          (await shared.stored()) === text ? true : await shared.stored(),
        );
        // The page screen (no editing) renders main's new revision.
        await visit(bea.page, shared.screen);
        const shown = await bea.page.$eval(".a-sp-document", (el) => el.textContent);
        assert.ok(shown.includes("Bea on main.") && shown.includes("Owner on main."), shown);
        await audit(page, "co-editing-main");
      } finally {
        await bea.context.close();
      }
    },
  },
];
