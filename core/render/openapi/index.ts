import type { DocumentBlock } from "@gitbook/api";
import type { RenderContext } from "../model";
import { isObject, type SpecObject } from "../../openapi-pages/spec";
import { noteHtml, renderSpecBlock, type SpecBlock } from "./blocks";

/** The block types this renderer draws. */
const OPENAPI_TYPES: ReadonlySet<string> = new Set([
  "openapi-operation",
  "openapi-schemas",
  "openapi-webhook",
  "swagger",
]);

/** The spec a block points at: its slug, or the file / URL a legacy `swagger` block names. */
function specSource(
  block: SpecBlock,
  ctx: RenderContext,
): { spec: SpecObject; slug: string } | { note: string; href?: string } {
  const ref = block.data.ref as { kind?: string; spec?: string; file?: string; url?: string };
  if (ref.kind === "openapi" && typeof ref.spec === "string") {
    const spec = ctx.openapi(ref.spec);
    if (!spec) return { note: `The API specification “${ref.spec}” is unavailable.` };
    if (
      !isObject(spec.paths) &&
      !isObject(spec.webhooks) &&
      !isObject(spec.components) &&
      !isObject(spec.definitions)
    ) {
      return {
        note: `The API specification “${ref.spec}” could not be read (no paths, webhooks or schemas).`,
      };
    }
    return { spec, slug: ref.spec };
  }
  if (ref.kind === "url" && typeof ref.url === "string") {
    return { note: "This API reference is published as a specification file:", href: ref.url };
  }
  if (ref.kind === "file" && typeof ref.file === "string") {
    const file = ctx.file(ref.file);
    if (file)
      return { note: `This API reference is published as the file ${file.name}:`, href: file.url };
    return { note: "The specification file of this API reference is unavailable." };
  }
  return { note: "This API reference points at no specification." };
}

/**
 * The OpenAPI blocks (`openapi-operation`, `openapi-schemas`, `openapi-webhook`, the legacy
 * `swagger`), rendered on the server from the spec document `ctx.openapi(slug)` gives. Anything
 * missing (the spec, the operation, a malformed document) renders a note naming it: a block
 * never throws and never leaves a blank.
 */
export function renderOpenAPIBlock(block: DocumentBlock, ctx: RenderContext): string {
  if (!OPENAPI_TYPES.has(block.type)) return noteHtml(`Not an API reference block: ${block.type}.`);
  const specBlock = block as SpecBlock;
  try {
    if (!isObject(specBlock.data) || !isObject(specBlock.data.ref)) {
      return noteHtml("This API reference points at no specification.");
    }
    const source = specSource(specBlock, ctx);
    if ("note" in source) return noteHtml(source.note, source.href);
    return renderSpecBlock(specBlock, source.spec, source.slug);
  } catch {
    const data: SpecObject = isObject(specBlock.data) ? specBlock.data : {};
    const method = typeof data.method === "string" ? data.method.toUpperCase() : "";
    const target = [method, data.path ?? data.name].filter((v) => typeof v === "string" && v);
    const what = target.length > 0 ? ` (${target.join(" ")})` : "";
    return noteHtml(
      `This API reference could not be rendered${what}: the specification is malformed.`,
    );
  }
}
