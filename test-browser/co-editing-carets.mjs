// Live co-editing (issue 38): a person's own letters stay in order while someone else types in
// the same paragraph. Keystrokes go strictly in turns (each lands after the other's remote
// update), at the paragraph's two ends, at one caret, and while the other splits the paragraph
// with Enter. y-tiptap's caret restore after a remote update used to move the typist's caret
// back by what the other had typed before it (" alpha" became " lphaa"): app/client/editor/caret.ts.
import assert from "node:assert/strict";
import {
  caretAt,
  editorText,
  invitedPerson,
  openLive,
  sharedPage,
  typeInTurns,
} from "./fixtures/co-editing.mjs";

/** The browser tests seed the reader's fixture (the "Reader guide" space). */
export const needsFixture = true;

/** The keys of `text`, one per character, after `skip` turns of nothing. */
const keys = (text, skip = 0) => [...Array(skip).fill(null), ...text];

/** Both editors' text, once they agree. */
async function agreed(pages) {
  const texts = await Promise.all(pages.map(editorText));
  assert.ok(
    texts.every((t) => t === texts[0]),
    JSON.stringify(texts),
  );
  return texts[0];
}

export const tests = [
  {
    name: "co-editing: each person's letters stay in order while the other types in the same paragraph",
    async run({ page, appBase, browser }) {
      const shared = await sharedPage(page, appBase, "Type in turns");
      const eve = await invitedPerson(browser, page, appBase, shared.orgId, {
        email: "eve-live@example.com",
        name: "Eve Typist",
        role: "edit",
      });
      try {
        await openLive(page, shared.edit);
        await openLive(eve.page, shared.edit);
        const both = [page, eve.page];
        // The paragraph's two ends: the owner at its end, Eve at its start.
        await caretAt(page, "end");
        await caretAt(eve.page, "last");
        await typeInTurns([
          { page, keys: keys(" alpha") },
          { page: eve.page, keys: keys("beta ") },
        ]);
        let text = await agreed(both);
        assert.ok(text.endsWith("beta Start. alpha"), JSON.stringify(text));
        // One caret: both at the paragraph's end. Whose letters come first is the CRDT's
        // choice; each person's word stays whole.
        await caretAt(page, "end");
        await caretAt(eve.page, "end");
        await typeInTurns([
          { page, keys: keys(" gamma") },
          { page: eve.page, keys: keys(" delta") },
        ]);
        text = await agreed(both);
        assert.ok(text.includes(" gamma") && text.includes(" delta"), JSON.stringify(text));
        assert.ok(text.includes("beta Start. alpha"), JSON.stringify(text));
        // Eve splits the paragraph after "beta Start." while the owner types at its end: the
        // owner's word follows the text it was typed after, in the new second paragraph.
        const tail = text.slice(text.lastIndexOf("\n") + 1);
        await caretAt(page, "end");
        await caretAt(eve.page, "last", "beta Start.".length);
        await typeInTurns([
          { page, keys: keys(" epsilon") },
          { page: eve.page, keys: [null, null, "Enter"] },
        ]);
        text = await agreed(both);
        const lines = text.split("\n");
        assert.equal(lines.at(-2), "beta Start.", JSON.stringify(text));
        assert.equal(
          lines.at(-1),
          `${tail.slice("beta Start.".length)} epsilon`,
          JSON.stringify(text),
        );
      } finally {
        await eve.context.close();
      }
    },
  },
];
