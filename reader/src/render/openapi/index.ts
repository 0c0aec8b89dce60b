import type { DocumentBlock } from "@gitbook/api";
import type { RenderContext } from "../../model";

/**
 * The OpenAPI blocks (`openapi-operation`, `openapi-schemas`, `openapi-webhook`, `swagger`),
 * rendered on the server from the spec's content. Until the full rendering lands, a block shows
 * what it points at, so a page never has a blank where the block was.
 */
export function renderOpenAPIBlock(block: DocumentBlock, ctx: RenderContext): string {
  const data = (block as { data?: { ref?: { spec?: string }; method?: string; path?: string } })
    .data;
  const slug = data?.ref?.spec ?? "";
  const label = [data?.method?.toUpperCase(), data?.path].filter(Boolean).join(" ");
  const known = slug !== "" && ctx.openapi(slug) !== undefined;
  const text = label || slug || block.type;
  return `<p class="q-openapi-pending">${escapeText(text)}${known ? "" : " (specification unavailable)"}</p>`;
}

/** HTML-escapes text for the fallback line. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
