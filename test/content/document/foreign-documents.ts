/**
 * Documents the parser never produces but the API may receive or store (written the way GitBook
 * writes them): the renderer must turn them into readable, stable markdown and never throw.
 */

type Json = Record<string, unknown>;

const text = (value: string, marks: string[] = []): Json => ({
  object: "text",
  leaves: [{ object: "leaf", text: value, marks: marks.map((type) => ({ object: "mark", type })) }],
});
const paragraph = (...nodes: Json[]): Json => ({
  object: "block",
  type: "paragraph",
  data: {},
  nodes,
});
const doc = (...nodes: Json[]): Json => ({ object: "document", data: {}, nodes });

/** [name, document] pairs. */
export const FOREIGN_DOCUMENTS: Array<[string, Json]> = [
  [
    "unknown and void blocks",
    doc(
      paragraph(text("before")),
      {
        object: "block",
        type: "openapi-operation",
        isVoid: true,
        data: { ref: { kind: "openapi", spec: "x" } },
      },
      { object: "block", type: "embed", isVoid: true, data: { url: "https://youtu.be/x" } },
      { object: "block", type: "file", isVoid: true, data: { ref: { kind: "file", file: "f9" } } },
      {
        object: "block",
        type: "content-ref",
        isVoid: true,
        data: { ref: { kind: "page", page: "p9" } },
      },
      { object: "block", type: "math", isVoid: true, data: { formula: "e = mc^2" } },
      { object: "block", type: "drawing", isVoid: true, data: {} },
      paragraph(text("after")),
    ),
  ],
  [
    "containers rendered as their content",
    doc(
      {
        object: "block",
        type: "expandable",
        isVoid: true,
        data: {},
        fragments: [
          {
            object: "fragment",
            fragment: "expandable-title",
            type: "expandable-title",
            nodes: [paragraph(text("Title"))],
          },
          {
            object: "fragment",
            fragment: "expandable-body",
            type: "expandable-body",
            nodes: [paragraph(text("Body"))],
          },
        ],
      },
      {
        object: "block",
        type: "tabs",
        data: {},
        nodes: [
          {
            object: "block",
            type: "tabs-item",
            data: { title: "One" },
            nodes: [paragraph(text("first tab"))],
          },
          {
            object: "block",
            type: "tabs-item",
            data: { title: "Two" },
            nodes: [paragraph(text("second tab"))],
          },
        ],
      },
    ),
  ],
  [
    "inlines and marks markdown lacks",
    doc(
      paragraph(
        text("key ", ["keyboard"]),
        { object: "inline", type: "emoji", isVoid: true, data: { code: "1f600" } },
        text(" colored", ["color", "bold"]),
        { object: "inline", type: "inline-math", isVoid: true, data: { formula: "x^2" } },
        {
          object: "inline",
          type: "mention",
          isVoid: true,
          data: { ref: { kind: "user", user: "u1" } },
        },
        { object: "inline", type: "expression", isVoid: true, data: { expression: "a.b" } },
        {
          object: "inline",
          type: "link",
          data: { ref: { kind: "nonsense" } },
          nodes: [text("bad ref")],
        },
        text("\nnext line"),
      ),
    ),
  ],
  [
    "hint in a list item and code in a hint",
    doc(
      {
        object: "block",
        type: "list-unordered",
        data: {},
        nodes: [
          {
            object: "block",
            type: "list-item",
            data: {},
            nodes: [
              paragraph(text("item")),
              {
                object: "block",
                type: "hint",
                data: { style: "danger" },
                nodes: [paragraph(text("inner"))],
              },
            ],
          },
        ],
      },
      {
        object: "block",
        type: "hint",
        data: { style: "not-a-style" },
        nodes: [
          {
            object: "block",
            type: "code",
            data: { syntax: "js" },
            nodes: [{ object: "block", type: "code-line", data: {}, nodes: [text("x()")] }],
          },
        ],
      },
    ),
  ],
  [
    "table with typed columns and hidden ones",
    doc({
      object: "block",
      type: "table",
      isVoid: true,
      data: {
        view: { type: "grid", columns: ["n", "t", "b", "f", "missing"], hideHeader: false },
        definition: {
          t: { id: "t", title: "Text", type: "text", textAlignment: "center" },
          n: { id: "n", title: "Number", type: "number" },
          b: { id: "b", title: "Done", type: "checkbox" },
          f: { id: "f", title: "Files", type: "files" },
          h: { id: "h", title: "Hidden", type: "text", textAlignment: "left" },
        },
        records: {
          second: { orderIndex: "a1", values: { t: "frag2", n: 2, b: false, f: [] } },
          first: {
            orderIndex: "a0",
            values: { t: "frag1", n: 1.5, b: true, f: ["f1"], h: "frag3" },
          },
        },
      },
      fragments: [
        {
          object: "fragment",
          fragment: "frag1",
          nodes: [paragraph(text("one | pipe", ["bold"])), paragraph(text("two"))],
        },
        { object: "fragment", fragment: "frag2", nodes: [paragraph(text("line\nbreak"))] },
        { object: "fragment", fragment: "frag3", nodes: [paragraph(text("hidden"))] },
      ],
    }),
  ],
  [
    "malformed nodes",
    doc(
      { object: "block" },
      { object: "block", type: "paragraph", nodes: "not an array" },
      { object: "block", type: "heading-2", nodes: [{ object: "text", leaves: [{ text: 5 }] }] },
      {
        object: "block",
        type: "list-ordered",
        data: { start: "x" },
        nodes: [paragraph(text("loose"))],
      },
      {
        object: "block",
        type: "images",
        nodes: [{ object: "block", type: "image", data: { ref: { kind: "url" } } }],
      },
      { object: "block", type: "code", data: { syntax: "a b`c" } },
      { object: "block", type: "table", data: { definition: { constructor: {} } } },
      paragraph(text('{% hint style="info" %}')),
    ),
  ],
];
