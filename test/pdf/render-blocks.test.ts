import { describe, expect, it } from "vitest";
import { JPEG_1X1, makePng, renderMarkdown } from "../helpers/pdf-factories";
import { expectInOrder, pdfImageCounts, pdfText } from "../helpers/pdf-text";

describe("renderPdf: images and blocks of other types", () => {
  it("embeds PNG and JPEG files and captions the images it cannot embed", async () => {
    const png = await makePng(30, 10);
    const file = (fileId: string, contentType: string, size: number) => ({
      fileId,
      name: `${fileId}.bin`,
      contentType,
      size,
      hash: fileId,
    });
    const image = (ref: unknown, caption?: string) => ({
      object: "block",
      type: "images",
      key: "k",
      nodes: [
        {
          object: "block",
          type: "image",
          key: "i",
          isVoid: true,
          data: { ref, alt: "alt text" },
          fragments: caption
            ? [
                {
                  object: "fragment",
                  fragment: "caption",
                  nodes: [
                    {
                      object: "block",
                      type: "paragraph",
                      nodes: [
                        { object: "text", leaves: [{ object: "leaf", text: caption, marks: [] }] },
                      ],
                    },
                  ],
                },
              ]
            : [],
        },
      ],
    });
    const document = {
      object: "document",
      data: {},
      nodes: [
        image({ kind: "file", file: "png" }, "A PNG caption"),
        image({ kind: "file", file: "jpg" }),
        image({ kind: "file", file: "png" }),
        image({ kind: "file", file: "gif" }),
        image({ kind: "file", file: "gone" }),
        image({ kind: "url", url: "https://example.com/a.png" }),
        image({ kind: "file", file: "fake" }),
      ],
    };
    const bytes = await renderMarkdown(
      [{ id: "a", title: "Images", document }],
      [
        { file: file("png", "image/png", png.length), bytes: png },
        { file: file("jpg", "image/jpeg", JPEG_1X1.length), bytes: JPEG_1X1 },
        { file: file("gif", "image/gif", 10), bytes: new Uint8Array(10) },
        { file: file("fake", "image/png", 10), bytes: new Uint8Array(10) },
      ],
    );
    expect(await pdfImageCounts(bytes)).toEqual([0, 2]);
    const text = await pdfText(bytes);
    expectInOrder(text, [
      "A PNG caption",
      "[Image: alt text: only PNG and JPEG images are embedded]",
      "[Image: alt text: not found in this revision]",
      "[Image: alt text]",
      "[Image: alt text: not a PNG or JPEG]",
    ]);
  });

  it("renders unknown blocks' text and survives malformed bodies", async () => {
    const leaf = (text: string) => ({
      object: "text",
      leaves: [{ object: "leaf", text, marks: [] }],
    });
    const para = (text: string) => ({ object: "block", type: "paragraph", nodes: [leaf(text)] });
    const document = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "tabs",
          nodes: [
            {
              object: "block",
              type: "tabs-item",
              data: { title: "Tab one" },
              nodes: [para("Tab body")],
            },
          ],
        },
        {
          object: "block",
          type: "expandable",
          fragments: [{ object: "fragment", fragment: "title", nodes: [para("More")] }],
        },
        { object: "block", type: "math", data: { formula: "E = mc^2" } },
        { object: "block", type: "hint", data: { style: "danger" }, nodes: [para("Careful")] },
        "junk",
        { object: "block", type: "paragraph", nodes: "not an array" },
      ],
    };
    const bytes = await renderMarkdown([
      { id: "a", title: "Odd", document },
      { id: "b", title: "Broken", document: "{not json" },
    ]);
    expectInOrder(await pdfText(bytes), [
      "Tab one",
      "Tab body",
      "More",
      "E = mc^2",
      "Careful",
      "Broken",
    ]);
  });
});
