import type { JSONDocument } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { expandableAnchor } from "../../../core/document/text";
import { renderDocument } from "../../../core/render/document";
import { everyBlockContext, heading, paragraph, text } from "../fixtures/every-block";

/**
 * Expandable blocks get GitBook's anchors (issue 33): their `meta.id`, else their title's slug by
 * the heading rule, unique in the page with the headings, so `page.md#<summary slug>` links
 * written for a GitBook site land on them.
 */

/** An expandable block titled `title` (with `meta.id` when given). */
function expandable(title: string, id?: string) {
  return {
    object: "block",
    type: "expandable",
    isVoid: true,
    data: {},
    ...(id ? { meta: { id } } : {}),
    fragments: [
      {
        object: "fragment",
        fragment: "expandable-title",
        type: "expandable-title",
        nodes: [paragraph(text(title))],
      },
      {
        object: "fragment",
        fragment: "expandable-body",
        type: "expandable-body",
        nodes: [paragraph(text(`Body of ${title}`))],
      },
    ],
  };
}

/** The HTML of a document of `nodes`. */
function htmlOf(...nodes: unknown[]): string {
  const doc = { object: "document", data: {}, nodes } as unknown as JSONDocument;
  return renderDocument(doc, everyBlockContext()).html;
}

describe("expandable anchors", () => {
  it("slugs the title as a heading's text is slugged", () => {
    expect(expandableAnchor(expandable("What's a Space & a Site?"))).toBe(
      "whats-a-space-and-a-site",
    );
    expect(expandableAnchor(expandable("1. Install"))).toBe("id-1.-install");
    expect(htmlOf(expandable("How do I sign in?"))).toContain(
      '<details class="q-expandable" id="how-do-i-sign-in"><summary>How do I sign in?</summary>',
    );
  });

  it("takes the declared meta.id first", () => {
    expect(htmlOf(expandable("Anything", "custom-anchor"))).toContain(
      '<details class="q-expandable" id="custom-anchor">',
    );
  });

  it("keeps ids unique with the page's headings, in reading order", () => {
    const html = htmlOf(heading(2, "Billing"), expandable("Billing"), expandable("Billing"));
    expect(html).toContain('<h3 id="billing"');
    expect(html).toContain('<details class="q-expandable" id="billing-1">');
    expect(html).toContain('<details class="q-expandable" id="billing-2">');
  });

  it("gives an untitled expandable an anchor all the same", () => {
    expect(htmlOf(expandable(""))).toContain('<details class="q-expandable" id="section">');
  });
});
