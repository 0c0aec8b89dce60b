import type { HrefFor } from "./hrefs";
import { isRecord } from "./loose";
import { renderFlow } from "./render-flow";
import type { DocumentLike } from "./text";
import type { ContentRef } from "./types";

/** Options of `renderMarkdown`. */
export interface RenderOptions {
  /** Maps a reference to a link target; null (or absent) uses `defaultHrefFor`. */
  hrefFor?: HrefFor;
  /** The text of a content reference's link (GitBook writes the page title); default the href. */
  labelFor?: (ref: ContentRef) => string | null;
  /** The path `{% include %}` writes for a reusable content; default `.gitbook/includes/<id>.md`. */
  includePath?: (reusableContent: string) => string | null;
  /** GitBook's page levels: `heading-1` is `##` (the page title is the one `#`). */
  pageHeadings?: boolean;
}

/**
 * Renders a Document as GitBook's normalized markdown: CommonMark + GFM, and GitBook's blocks
 * (hints, tabs, steppers, columns, expandables, code titles, embeds, references, files, OpenAPI,
 * math, figures, drawings, includes, updates) as GitBook writes them when it syncs a space to Git.
 * Blocks markdown cannot express where they stand (inside a list item) degrade to something
 * readable; unknown ones show their content. Never throws, whatever the input.
 */
export function renderMarkdown(document: DocumentLike, options: RenderOptions = {}): string {
  const top = Array.isArray(document.nodes) ? document.nodes.filter(isRecord) : [];
  const text = renderFlow(
    top,
    {
      hrefFor: options.hrefFor,
      headingShift: options.pageHeadings ? 1 : 0,
      labelFor: options.labelFor,
      includePath: options.includePath,
    },
    1,
  );
  return text === "" ? "" : `${text}\n`;
}
