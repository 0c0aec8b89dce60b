import { describe, expect, it } from "vitest";
import { highlight } from "../../../core/render/code/highlight";
import { renderOpenAPIBlock } from "../../../core/render/openapi";
import { namedSchemas, operationsOf, type SpecObject } from "../../../core/openapi-pages/spec";
import gitbook from "../../../node_modules/@gitbook/api/spec/openapi.json";
import { curlText, operationBlock, schemasBlock, specContext } from "./context";

const spec = gitbook as unknown as SpecObject;
const ctx = specContext({ gitbook: spec });

describe("GitBook's own spec (~1.7 MB, OpenAPI 3.1)", () => {
  // How fast: bench/render.mjs (`npm run bench:render`), against a baseline of the same run.
  it("renders every operation, identically twice, none as a failure note", () => {
    const operations = operationsOf(spec);
    expect(operations.length).toBeGreaterThan(200);
    const renderAll = () =>
      operations.map((op) =>
        renderOpenAPIBlock(operationBlock("gitbook", op.method, op.path), ctx),
      );
    // Shiki stops tokenizing a line after 500 ms of wall time (its `tokenizeTimeLimit`), the
    // grammar's first compile included, so on a loaded machine the colour spans of a line can
    // differ from one render to the next: the bash grammar is built first, and the two renders are
    // compared without their spans (the text and every other element identical).
    highlight("true", "bash");
    const pages = renderAll();
    const unspanned = (html: string) => html.replace(/<\/?span\b[^>]*>/g, "");
    expect(renderAll().map(unspanned)).toEqual(pages.map(unspanned));
    pages.forEach((html, i) => {
      const op = operations[i]!;
      expect(html, `${op.method} ${op.path}`).not.toContain('class="q-oa-note"');
      expect(html).toContain(`q-oa-method-${op.method === "head" ? "other" : ""}`);
    });
  });

  it("renders the space duplication operation with its server and token", () => {
    const html = renderOpenAPIBlock(
      operationBlock("gitbook", "post", "/spaces/{spaceId}/duplicate"),
      ctx,
    );
    expect(html).toContain("Create a full copy of a space");
    expect(html).toContain('/spaces/<span class="q-oa-path-param">{spaceId}</span>/duplicate');
    expect(curlText(html)).toContain('-H "Authorization: Bearer $TOKEN"');
  });

  it("renders every named schema, recursive ones included, bounded per block", () => {
    const names = Object.keys(namedSchemas(spec));
    expect(names.length).toBeGreaterThan(500);
    for (let i = 0; i < names.length; i += 50) {
      const html = renderOpenAPIBlock(schemasBlock("gitbook", names.slice(i, i + 50)), ctx);
      expect(html).not.toContain("could not be rendered");
      expect(html.match(/class="q-oa-prop( q-oa-alt)?"/g)?.length ?? 0).toBeLessThanOrEqual(500);
    }
    const doc = renderOpenAPIBlock(schemasBlock("gitbook", ["DocumentBlockTabs"]), ctx);
    expect(doc).toContain("↻");
  });
});
