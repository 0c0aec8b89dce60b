// The Worker `npm run bench:markdown` runs in workerd: one phase of one pathological case per
// request, timed from outside by the bench (workerd's clock does not move while code runs).
// `phase=parse` parses the markdown into a Document and keeps it; `phase=render` renders the kept
// Document (of the same case and size) back to markdown.
import { parseMarkdown, renderMarkdown } from "../../core/document";
import { DocumentTooDeepError } from "../../core/document/limits";
import { PATHOLOGICAL_CASES } from "../../test/content/document/pathological-cases";

/** The last parsed Document (null: refused at the limit) and its case and size. */
let last = { key: "", document: null };

export default {
  fetch(request) {
    const url = new URL(request.url);
    const name = url.searchParams.get("case");
    if (name === null) return Response.json({ cases: Object.keys(PATHOLOGICAL_CASES) });
    const generate = PATHOLOGICAL_CASES[name];
    if (!generate) return Response.json({ error: "unknown case" }, { status: 404 });
    const size = Number(url.searchParams.get("size") ?? "10000");
    const key = `${name}\n${size}`;
    if (url.searchParams.get("phase") === "render") {
      if (last.key !== key) return Response.json({ outcome: "error: parse first" });
      if (last.document === null) return Response.json({ outcome: "limit" });
      return Response.json({ outcome: "converted", chars: renderMarkdown(last.document).length });
    }
    const markdown = generate(size);
    try {
      last = { key, document: parseMarkdown(markdown).document };
      return Response.json({ outcome: "converted", chars: markdown.length });
    } catch (error) {
      if (error instanceof DocumentTooDeepError) {
        last = { key, document: null };
        return Response.json({ outcome: "limit", chars: markdown.length });
      }
      return Response.json({ outcome: `error: ${String(error)}`, chars: markdown.length });
    }
  },
};
