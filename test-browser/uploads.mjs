// Images and files by paste and drop in the editor (issue 37): a PNG dropped (a DataTransfer on
// a drop event) and a text file pasted (on a paste event) are uploaded as the space's files
// through the content batch, then stand in the page as an image block and a file block naming
// them, with the API holding both the files and the blocks; a 6 MB file (over the batch's 1 MiB)
// goes in 5 MiB parts first; a file over 100 MiB is refused with its size said and nothing changes. Once in the live room, once in the save loop
// (the page's socket never opens).
/* global document, window, File, DataTransfer, DragEvent, ClipboardEvent */
import assert from "node:assert/strict";
import { audit, foreignRequests, signInByCode } from "./fixtures/app-checks.mjs";
import { apiFromPage, until } from "./fixtures/co-editing.mjs";

/** The browser tests seed the reader's fixture (the "Reader guide" space). */
export const needsFixture = true;

/** A 1×1 PNG. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** The fixture's space, for the person signed in on `page` (at home). */
async function readerGuide(page) {
  const orgPath = await page.$eval("a[href^='/o/']", (a) => a.getAttribute("href"));
  const spaces = await apiFromPage(page, "GET", `/orgs/${orgPath.split("/")[2]}/spaces?limit=100`);
  return spaces.body.items.find((s) => s.title === "Reader guide");
}

/** A change request of `space` with a page "Pictures" holding "Start.". */
async function pictures(page, appBase, space, subject) {
  const cr = await apiFromPage(page, "POST", `/spaces/${space.id}/change-requests`, { subject });
  assert.equal(cr.status, 201, JSON.stringify(cr.body));
  const crContent = `/spaces/${space.id}/change-requests/${cr.body.id}/content`;
  const made = await apiFromPage(page, "POST", crContent, {
    changes: [{ operation: "insert_page", title: "Pictures", document: { markdown: "Start." } }],
  });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  return {
    crContent,
    edit: `${appBase}/s/${space.id}/~/changes/${cr.body.number}/pictures`,
    document: async () =>
      (await apiFromPage(page, "GET", `${crContent}/path/pictures`)).body.document,
  };
}

/** Drops (`drop`) or pastes (`paste`) a file of `size` bytes (the PNG when null) in the editor. */
function give(page, how, { name, type, size = null }) {
  return page.evaluate(
    (how, png, name, type, size) => {
      const bytes =
        size === null ? Uint8Array.from(atob(png), (c) => c.charCodeAt(0)) : new Uint8Array(size);
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type }));
      const target = document.querySelector(".q-ed-content p");
      const box = target.getBoundingClientRect();
      const init = { bubbles: true, cancelable: true };
      const event =
        how === "drop"
          ? new DragEvent("drop", {
              ...init,
              dataTransfer: data,
              clientX: box.left + 4,
              clientY: box.top + box.height / 2,
            })
          : new ClipboardEvent("paste", { ...init, clipboardData: data });
      target.dispatchEvent(event);
    },
    how,
    PNG,
    name,
    type,
    size,
  );
}

/**
 * Fails (as a dropped connection) the first upload part whose `Content-Range` starts with
 * `range`; `stop()` ends the interception and answers how many parts it failed.
 */
async function losePartOnce(page, range) {
  let failed = 0;
  const onRequest = (request) => {
    const header = request.headers()["content-range"] ?? "";
    if (request.method() === "PUT" && header.startsWith(range) && failed === 0) {
      failed += 1;
      return request.abort("connectionreset");
    }
    return request.continue();
  };
  await page.setRequestInterception(true);
  page.on("request", onRequest);
  return {
    async stop() {
      page.off("request", onRequest);
      await page.setRequestInterception(false);
      return failed;
    },
  };
}

/** Drops a PNG, pastes a text file, tries a too-large one; checks the editor and the API. */
async function uploadBoth(page, shared, label) {
  await give(page, "drop", { name: "dot.png", type: "image/png" });
  await give(page, "paste", { name: "notes.txt", type: "text/plain", size: 100 });
  await until(`${label}: both blocks in the editor`, async () => {
    const n = await page.$$eval(".q-ed-image, .q-ed-file", (els) => els.length);
    return n === 2 ? true : n;
  });
  assert.equal(await page.$$eval("[data-uploading]", (els) => els.length), 0, "placeholders gone");
  // Over the batch's 1 MiB: uploaded in 5 MiB parts first, then named by its key; the second
  // part is lost once on the way (the connection dropped) and sent again.
  const lost = await losePartOnce(page, "bytes 5242880-");
  await give(page, "paste", {
    name: "video.bin",
    type: "application/octet-stream",
    size: 6_000_000,
  });
  await until(`${label}: the large file's block in the editor`, async () => {
    const n = await page.$$eval(".q-ed-file", (els) => els.length);
    return n === 2 ? true : n;
  });
  assert.equal(await lost.stop(), 1, "the second part was lost once, and sent again");
  await give(page, "paste", {
    name: "huge.bin",
    type: "application/octet-stream",
    size: 101 * 1024 * 1024,
  });
  const said = await page.$eval("[data-upload-message]", (el) => el.textContent);
  assert.match(said, /"huge\.bin" is 101\.0 MB: a file can be at most 100\.0 MB/);
  // The room or the save loop writes the blocks back; the API holds them and the files.
  let document;
  await until(`${label}: the API holds the image and the file blocks`, async () => {
    document = await shared.document();
    const types = document.nodes.map((n) => n.type);
    return types.includes("images") && types.filter((t) => t === "file").length === 2
      ? true
      : types;
  });
  const image = document.nodes.find((n) => n.type === "images").nodes[0];
  const [file, large] = document.nodes.filter((n) => n.type === "file");
  for (const [ref, name, type] of [
    [image.data.ref, "dot.png", "image/png"],
    [file.data.ref, "notes.txt", "text/plain"],
    [large.data.ref, "video.bin", "application/octet-stream"],
  ]) {
    assert.equal(ref.kind, "file");
    const stored = await apiFromPage(page, "GET", `${shared.crContent}/files/${ref.file}`);
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    assert.equal(stored.body.name, name);
    assert.equal(stored.body.contentType, type);
  }
  assert.match(JSON.stringify(document), /Start\./, "nothing typed was lost");
}

export const tests = [
  {
    name: "uploads: a dropped image and a pasted file become the space's files and blocks (live, then the save loop)",
    async run({ page, appBase }) {
      const foreign = foreignRequests(page, [appBase]);
      await signInByCode(page, appBase);
      const space = await readerGuide(page);
      const live = await pictures(page, appBase, space, "Pictures");
      await page.goto(live.edit);
      await page.waitForSelector("[data-editor-ready][data-live='true'] .q-ed-content");
      await uploadBoth(page, live, "live");
      await audit(page, "editor-uploads", { shot: true, dark: true });
      assert.deepEqual(foreign, [], "no request left the app's origin");

      // The same where the live room never answers (no socket opens): the save loop saves.
      await page.evaluateOnNewDocument(() => {
        window.WebSocket = class {
          constructor() {
            setTimeout(() => this.onclose?.({ code: 1006, reason: "" }), 10);
          }
          send() {}
          close() {}
        };
      });
      const saving = await pictures(page, appBase, space, "Fallback pictures");
      await page.goto(saving.edit);
      await page.waitForSelector('[data-save-status][data-save-state="saved"]');
      assert.equal(await page.$eval("[data-editor]", (el) => el.dataset.live), undefined);
      await uploadBoth(page, saving, "save loop");
    },
  },
];
