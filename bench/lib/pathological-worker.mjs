// The Worker `npm run bench:markdown` runs in workerd: converts one pathological case (parse,
// then render back) per request and answers how it went. Timed from outside, by the bench.
import { parseMarkdown, renderMarkdown } from "../../src/content/document";
import { DocumentTooDeepError } from "../../src/content/document/limits";
import { PATHOLOGICAL_CASES } from "../../test/content/document/pathological-cases";

export default {
  fetch(request) {
    const url = new URL(request.url);
    const name = url.searchParams.get("case");
    if (name === null) return Response.json({ cases: Object.keys(PATHOLOGICAL_CASES) });
    const generate = PATHOLOGICAL_CASES[name];
    if (!generate) return Response.json({ error: "unknown case" }, { status: 404 });
    const markdown = generate(Number(url.searchParams.get("size") ?? "10000"));
    try {
      renderMarkdown(parseMarkdown(markdown).document);
      return Response.json({ outcome: "converted", chars: markdown.length });
    } catch (error) {
      if (error instanceof DocumentTooDeepError) {
        return Response.json({ outcome: "limit", chars: markdown.length });
      }
      return Response.json({ outcome: `error: ${String(error)}`, chars: markdown.length });
    }
  },
};
