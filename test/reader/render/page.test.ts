import { describe, expect, it } from "vitest";
import { renderPage } from "../../../reader/src/layout/page";
import { renderDocument } from "../../../core/render/document";
import { everyBlock, everyBlockContext } from "../fixtures/every-block";
import { petstore30 } from "../fixtures/petstore";
import { pageView } from "../fixtures/views";
import { expectSafePage } from "../layout/checks";

/**
 * The rendered fixture inside the page shell, as the page route puts it: the whole page stays
 * CSP-safe and same-host, ids stay unique, and the contents list the document's headings.
 */
describe("document renderer in the page shell", () => {
  const { html, toc } = renderDocument(everyBlock, everyBlockContext({ petstore: petstore30() }));
  const page = renderPage(pageView({ contentHtml: html, toc }));

  it("is CSP-safe with every block type", () => {
    expectSafePage(page);
  });

  it("keeps every id of the page unique", () => {
    const ids = [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated).toEqual([]);
  });

  it("lists the document's headings in the on-page contents", () => {
    for (const entry of toc) expect(page).toContain(`href="#${entry.id}"`);
  });
});
