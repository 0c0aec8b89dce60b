import type { DocumentBlock } from "@gitbook/api";
import type { FileView, RenderContext } from "../../../core/render/model";

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

/** The text of a block's curl sample: highlighting spans removed, entities decoded. */
export function curlText(html: string): string {
  const inner = /<code class="language-bash">([\s\S]*?)<\/code>/.exec(html)?.[1] ?? "";
  return inner
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
