import fc from "fast-check";
import {
  block,
  inlines,
  leaf,
  paragraphOf,
  plainWords,
  refOf,
  text,
  voidBlock,
  type Json,
} from "./gitbook-inline-arbitraries";

/**
 * fast-check generators of Documents in the converter's normal form (what parsing produces),
 * over every GitBook block kind the markdown carries, nested as GitBook allows: for
 * `parse(write(doc)) ≡ doc`.
 */

const paragraph = inlines.map(paragraphOf);
const heading = fc
  .tuple(fc.constantFrom("heading-1", "heading-2", "heading-3"), inlines)
  .map(([type, nodes]) => block(type, {}, nodes));
const item = (checked?: boolean) =>
  paragraph.map((p) => block("list-item", checked === undefined ? {} : { checked }, [p]));
const list = fc.oneof(
  fc
    .array(item(), { minLength: 1, maxLength: 3 })
    .map((items) => block("list-unordered", {}, items)),
  fc.array(item(), { minLength: 1, maxLength: 3 }).map((items) => block("list-ordered", {}, items)),
  fc
    .array(
      fc.boolean().chain((c) => item(c)),
      { minLength: 1, maxLength: 3 },
    )
    .map((items) => block("list-tasks", {}, items)),
);
const codeLine = fc.constantFrom(
  "const a = 1;",
  "  indented()",
  "",
  "{% endcode %}",
  "$$",
  "<details>",
);
const code = fc
  .record({
    lines: fc.array(codeLine, { minLength: 1, maxLength: 3 }),
    syntax: fc.constantFrom(undefined, "js", "bash"),
    title: fc.constantFrom(undefined, "index.js"),
    overflow: fc.constantFrom(undefined, "wrap"),
    lineNumbers: fc.constantFrom(undefined, true, false),
    fullWidth: fc.constantFrom(undefined, true),
  })
  .map(({ lines, ...attrs }) => {
    const data = Object.fromEntries(Object.entries(attrs).filter(([, v]) => v !== undefined));
    return block(
      "code",
      data,
      lines.map((line) => block("code-line", {}, [text(leaf(line))])),
    );
  });
const essential = fc.oneof(
  { weight: 4, arbitrary: paragraph },
  heading,
  list,
  fc.constant(voidBlock("divider", {})),
);
const hint = fc
  .tuple(
    fc.constantFrom("info", "warning", "danger", "success"),
    fc.array(essential, { minLength: 1, maxLength: 2 }),
  )
  .map(([style, nodes]) => block("hint", { style }, nodes));
const caption = fc.option(plainWords, { nil: undefined }).map((c) =>
  c
    ? [
        {
          object: "fragment",
          fragment: "caption",
          type: "caption",
          nodes: [paragraphOf([text(leaf(c))])],
        },
      ]
    : [],
);
const image = fc
  .tuple(
    fc.constantFrom("https://x.test/a.png", ".gitbook/assets/b.png"),
    fc.constantFrom("", "alt text"),
    caption,
  )
  .map(([src, alt, fragments]) =>
    voidBlock("image", { ref: refOf(src), ...(alt ? { alt } : {}) }, fragments),
  );
const images = fc
  .array(image, { minLength: 1, maxLength: 2 })
  .map((nodes) => block("images", {}, nodes));
const tabVoids = fc.oneof(
  fc
    .tuple(fc.constantFrom("https://www.youtube.com/watch?v=x", "https://x.test/e"), caption)
    .map(([url, f]) => voidBlock("embed", { url }, f)),
  fc
    .constantFrom("other.md", "guide/setup.md")
    .map((page) => voidBlock("content-ref", { ref: { kind: "page", page } })),
  caption.map((f) => voidBlock("file", { ref: { kind: "file", file: "report.pdf" } }, f)),
  fc
    .constantFrom("x", "a = b\nc = d", "\\sum_i i")
    .map((formula) => voidBlock("math", { formula })),
  fc.constantFrom("", "A drawing").map((alt) =>
    voidBlock("drawing", {
      ref: { kind: "file", file: "d.drawing.svg" },
      ...(alt ? { alt } : {}),
    }),
  ),
);
const voids = fc.oneof(
  tabVoids,
  fc.constantFrom("get", "post").map((method) =>
    voidBlock("swagger", {
      ref: { kind: "url", url: "https://x.test/openapi.json" },
      path: "/pets",
      method,
    }),
  ),
  fc
    .constantFrom("footer", "contact-us")
    .map((id) =>
      voidBlock("reusable-content", { ref: { kind: "reusable-content", reusableContent: id } }),
    ),
);
const quote = fc
  .array(paragraph, { minLength: 1, maxLength: 2 })
  .map((nodes) => block("blockquote", {}, nodes));
const rich = fc.oneof({ weight: 4, arbitrary: essential }, code, hint, images, voids, quote);
/** What tabs, steps, columns and updates may hold (no OpenAPI block, no include). */
const tabRich = fc.oneof({ weight: 4, arbitrary: essential }, code, hint, images, tabVoids, quote);
const expandable = fc
  .tuple(
    inlines,
    fc.array(fc.oneof(essential, code, hint), { minLength: 1, maxLength: 2 }),
    fc.boolean(),
  )
  .map(([title, body, open]) => ({
    object: "block",
    type: "expandable",
    key: "",
    isVoid: true,
    data: open ? { defaultExpanded: true } : {},
    fragments: [
      {
        object: "fragment",
        fragment: "expandable-title",
        type: "expandable-title",
        nodes: [paragraphOf(title)],
      },
      { object: "fragment", fragment: "expandable-body", type: "expandable-body", nodes: body },
    ],
  }));
const items = (
  type: string,
  itemType: string,
  data: fc.Arbitrary<Json>,
  content: fc.Arbitrary<Json>,
) =>
  fc
    .array(fc.tuple(data, fc.array(content, { minLength: 1, maxLength: 2 })), {
      minLength: 1,
      maxLength: 3,
    })
    .map((list) =>
      block(
        type,
        type === "updates" ? { format: "full" } : {},
        list.map(([d, nodes]) => block(itemType, d, nodes)),
      ),
    );
const containers = fc.oneof(
  items(
    "tabs",
    "tabs-item",
    plainWords.map((title) => ({ title })),
    tabRich,
  ),
  items("stepper", "stepper-step", fc.constant({}), fc.oneof(tabRich, expandable)),
  items(
    "columns",
    "column",
    fc.constantFrom({}, { width: { value: 50, unit: "%" } }, { width: 300 }),
    fc.oneof(tabRich, expandable),
  ),
  items(
    "updates",
    "update",
    fc.constantFrom({ date: "2025-01-15T00:00:00.000Z" }, { date: "2024-12-01T10:30:00.000Z" }),
    tabRich,
  ),
  expandable,
);

/** Documents of every block and inline kind, containers nested as GitBook allows. */
export const gitbookDocument = fc
  .array(fc.oneof({ weight: 3, arbitrary: rich }, { weight: 2, arbitrary: containers }), {
    minLength: 1,
    maxLength: 4,
  })
  .map((nodes) => ({ object: "document", data: {}, nodes }));
