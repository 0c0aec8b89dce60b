import type { DocumentBlock } from "@gitbook/api";
import type { FileView, RenderContext } from "../../../reader/src/model";

/** A render context holding only the given specs (and files), as the reader prefetches them. */
export function specContext(
  specs: Record<string, Record<string, unknown>>,
  files: Record<string, FileView> = {},
): RenderContext {
  return {
    page: () => undefined,
    file: (id) => files[id],
    embed: () => undefined,
    openapi: (slug) => specs[slug],
    reusableContent: () => undefined,
    currentHref: "/docs/api",
  };
}

/** An `openapi-operation` block pointing at `method path` of the spec `slug`. */
export function operationBlock(slug: string, method: string, path: string): DocumentBlock {
  return {
    object: "block",
    type: "openapi-operation",
    isVoid: true,
    data: { ref: { kind: "openapi", spec: slug }, method, path },
  };
}

/** An `openapi-schemas` block listing `names` of the spec `slug`. */
export function schemasBlock(slug: string, names: string[], title?: string): DocumentBlock {
  return {
    object: "block",
    type: "openapi-schemas",
    isVoid: true,
    data: { ref: { kind: "openapi", spec: slug }, schemas: names, ...(title ? { title } : {}) },
  };
}

/** An `openapi-webhook` block pointing at webhook `name` of the spec `slug`. */
export function webhookBlock(slug: string, name: string, method: string): DocumentBlock {
  return {
    object: "block",
    type: "openapi-webhook",
    isVoid: true,
    data: { ref: { kind: "openapi", spec: slug }, name, method },
  };
}
