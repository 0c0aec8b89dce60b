import type { Child } from "hono/jsx";
import type { Footnote } from "./state";

/**
 * The notes annotations add, listed after the document: numbered in order, each with a link
 * back to where it was cited.
 */

/** The footnotes section (nothing when the document has none). */
export function renderFootnotes(notes: Footnote[]): Child {
  if (notes.length === 0) return null;
  const list = (
    <section class="q-footnotes" aria-label="Notes">
      <ol>
        {notes.map((note) => (
          <li id={note.id}>
            {note.body}
            <a class="q-footnote-back" href={`#${note.id}-ref`} aria-label="Back to the text">
              ↩
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
  return list;
}
