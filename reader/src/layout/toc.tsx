import type { TocEntry } from "../model";

/**
 * "On this page": the page's headings as anchors (levels 2 and 3 indented under level 1).
 * Nothing for a page with fewer than two headings: a one-line contents helps no one.
 */

/** The fewest headings that earn a table of contents. */
export const TOC_MIN_ENTRIES = 2;

/** The on-page table of contents. */
export function Toc(props: { entries: TocEntry[] }) {
  if (props.entries.length < TOC_MIN_ENTRIES) return null;
  return (
    <nav class="q-toc" aria-label="On this page">
      <h2 class="q-toc-title">On this page</h2>
      <ul class="q-toc-list">
        {props.entries.map((entry) => (
          <li class={`q-toc-item q-toc-depth-${Math.min(Math.max(entry.depth, 1), 3)}`}>
            <a href={`#${entry.id}`}>{entry.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
