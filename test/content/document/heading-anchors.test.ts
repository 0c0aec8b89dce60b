import { describe, expect, it } from "vitest";
import { parsePage, renderPage } from "../../../core/document";

/**
 * GitBook's custom heading anchors (`## Title <a href="#id" id="id"></a>`): read into the
 * heading's `meta.id`, written back byte for byte, and only the empty anchor GitBook writes is
 * taken (an anchor with text, or one whose href names another id, stays content).
 */

const headings = (md: string) =>
  parsePage(md).document.nodes.map((n) => ("meta" in n ? n.meta : undefined));

describe("custom heading anchors", () => {
  it("reads the anchor into meta.id and writes it back unchanged", () => {
    const md =
      '# T\n\n## Import from Git <a href="#import-using-git-sync" id="import-using-git-sync"></a>\n\n' +
      'Text\n\n### Same <a href="#same" id="same"></a>\n\n## Plain\n';
    const page = parsePage(md);
    expect(headings(md)).toEqual([
      { id: "import-using-git-sync" },
      undefined,
      { id: "same" },
      undefined,
    ]);
    expect(page.document.nodes[0]).toMatchObject({
      nodes: [{ leaves: [{ text: "Import from Git" }] }],
    });
    expect(renderPage({ title: page.title, document: page.document })).toBe(md);
  });

  it("accepts GitBook's older href without '#', and leaves other anchors as content", () => {
    expect(headings('## Lists <a href="lists" id="lists"></a>\n')).toEqual([{ id: "lists" }]);
    expect(headings('## A <a href="#b" id="c"></a>\n')).toEqual([undefined]);
    expect(headings('## A <a id="c">x</a>\n')).toEqual([undefined]);
  });
});
