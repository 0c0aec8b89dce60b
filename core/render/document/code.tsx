import type { Child } from "hono/jsx";
import { raw } from "hono/html";
import { inlineText } from "../../document/text";
import { blockType, childNodes, dataOf, stringField, type LooseNode } from "../../document/loose";
import { highlightLines } from "../code/highlight";

/**
 * Code blocks: highlighted lines (Shiki when the language is known, escaped text otherwise),
 * the block's title as a caption, line numbers drawn by CSS counters, marked lines, and the
 * shell's copy button (hidden until reader.js shows it).
 */

/** A code block with its caption and copy button. */
export function renderCode(node: LooseNode): Child {
  const data = dataOf(node);
  const syntax = stringField(data, "syntax");
  const title = stringField(data, "title");
  const lines = childNodes(node).filter((line) => blockType(line) === "code-line");
  const code = lines.map((line) => inlineText(childNodes(line))).join("\n");
  const html = highlightLines(code, syntax);
  const body = html
    .map((line, i) => {
      const marked = lines[i] && dataOf(lines[i]).highlighted === true;
      return `<span class="${marked ? "q-line q-line-marked" : "q-line"}">${line}</span>`;
    })
    .join("\n");
  const classes = ["q-code"];
  if (data.lineNumbers === true) classes.push("q-code-numbered");
  if (stringField(data, "overflow") === "wrap") classes.push("q-code-wrap");
  return (
    <figure class={classes.join(" ")}>
      {title ? <figcaption class="q-code-title">{title}</figcaption> : null}
      <pre class="q-pre" tabindex={0} {...(syntax ? { "data-lang": syntax } : {})}>
        <code>{raw(body)}</code>
      </pre>
      <button type="button" class="q-copy" hidden>
        Copy
      </button>
    </figure>
  );
}
