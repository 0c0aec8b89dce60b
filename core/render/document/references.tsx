import type { Child } from "hono/jsx";
import { raw } from "hono/html";
import { dataOf, isRecord, stringField, type LooseNode } from "../../document/loose";
import { hrefHost } from "../../links/safe-href";
import { hrefOf, labelOf, refOf, webUrl } from "./links";
import { inner, type RenderState, type Scope } from "./state";

/**
 * Blocks that point elsewhere: content-ref cards (a page, file, anchor or URL), integration
 * blocks (a note: the reader runs no integrations) and reusable content (rendered in place from
 * the prefetched document, or nothing but a comment when it is unavailable).
 */

/** A content-ref card: the target's title as a link, or its name when it leads nowhere. */
export function renderContentRef(node: LooseNode, state: RenderState): Child {
  const ref = refOf(dataOf(node).ref);
  if (!ref) return null;
  const label = labelOf(ref, state.ctx);
  const href = hrefOf(ref, state.ctx);
  const page = ref.kind === "page" ? state.ctx.page(ref.page) : undefined;
  const meta =
    ref.kind === "url" && href ? (hrefHost(href) ?? "") : ref.kind === "file" ? "File" : "";
  if (!href) {
    return (
      <div class="q-card q-content-ref q-card-inert">
        <span class="q-card-title">{label}</span>
      </div>
    );
  }
  return (
    <a
      class="q-card q-content-ref"
      href={href}
      {...(ref.kind === "url" ? { rel: "noopener" } : {})}
    >
      <span class="q-card-title">{page?.emoji ? `${page.emoji} ${label}` : label}</span>
      {meta ? <span class="q-card-meta">{meta}</span> : null}
    </a>
  );
}

/** An integration block: a note that it needs its integration, with the URL it came from. */
export function renderIntegration(node: LooseNode): Child {
  const data = dataOf(node);
  const name = stringField(data, "integration");
  const url = stringField(data, "url");
  const safe = url ? webUrl(url) : undefined;
  return (
    <div class="q-integration" role="note">
      <p>
        This block needs an integration{name ? ` (${name})` : ""}.
        {safe ? (
          <>
            {" "}
            <a href={safe} rel="noopener">
              {safe}
            </a>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** Reusable content: its document's blocks in place, in the page's flow. */
export function renderReusableContent(node: LooseNode, state: RenderState, scope: Scope): Child {
  const ref = refOf(dataOf(node).ref);
  const id = ref?.kind === "reusable-content" ? ref.reusableContent : undefined;
  const doc = id ? state.ctx.reusableContent(id) : undefined;
  if (!doc || !Array.isArray(doc.nodes)) {
    return raw(`<!-- reusable content unavailable -->`);
  }
  const nodes = (doc.nodes as unknown[]).filter(isRecord);
  return state.blocks(nodes, inner(scope, true));
}
