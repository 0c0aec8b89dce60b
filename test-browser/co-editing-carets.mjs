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

/** Whether `text` is an interleaving of `a` and `b`, each one's characters in its own order. */
function interleaves(text, a, b) {
  if (text.length !== a.length + b.length) return false;
  // can[i][j]: text's first i + j characters interleave a's first i and b's first j.
  const can = Array.from({ length: a.length + 1 }, () => Array(b.length + 1).fill(false));
  can[0][0] = true;
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j <= b.length; j++) {
      const next = text[i + j - 1];
      if (i > 0 && can[i - 1][j] && a[i - 1] === next) can[i][j] = true;
      if (j > 0 && can[i][j - 1] && b[j - 1] === next) can[i][j] = true;
    }
  }
  return can[a.length][b.length];
}

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
        // One caret: both at the paragraph's end. Letters typed at one place at once may
        // interleave (concurrent inserts at one position), but each person's own letters keep
        // their order — also when a letter is typed just before the same letter of the other's
        // (the words share "a" and "m"), which y-tiptap's caret-blind text diff wrote after that
        // letter, tying the caret to it (app/client/editor/caret-diff.ts).
        await caretAt(page, "end");
        await caretAt(eve.page, "end");
        await typeInTurns([
          { page, keys: keys(" gamma") },
          { page: eve.page, keys: keys("-mamba") },
        ]);
        text = await agreed(both);
        const [before, added] = [
          text.slice(0, text.indexOf(" alpha") + 6),
          text.slice(text.indexOf(" alpha") + 6),
        ];
        assert.ok(before.endsWith("beta Start. alpha"), JSON.stringify(text));
        assert.ok(interleaves(added, " gamma", "-mamba"), JSON.stringify(text));
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
