import type { Embed, JSONDocument, RevisionFile, RevisionPage } from "@gitbook/api";
import type {
  DocumentRefs,
  EmbedView,
  FileView,
  PageLinkView,
  RenderContext,
} from "../../../core/render/model";
import { readerMemory } from "../cache/memory";
import type { SiteContext } from "./context";
import { pageHref, type Hrefs, type PageTree } from "./tree";

/**
 * What a document's references resolve to, read through the API before the page renders (the
 * renderer itself is synchronous): the revision's files and pages (already in the context), the
 * embeds and the API specs it shows, its reusable contents. An embed that does not answer in
 * time, a spec that is private or gone: the block degrades, the page still renders.
 */

/** How long one embed may take before its block falls back to a link card. */
const EMBED_BUDGET_MS = 2500;

const embeds = readerMemory<EmbedView | null>("embeds", 2000);
const specs = readerMemory<Record<string, unknown> | null>("API specs", 64);

/** The reader's same-host address of a published file (the API's stable file URL, proxied). */
function fileHref(downloadURL: string): string {
  const at = downloadURL.indexOf("/v1/published-files/");
  return at === -1
    ? downloadURL
    : `/_quire/files/${downloadURL.slice(at + "/v1/published-files/".length)}`;
}

/** A revision file as the renderer shows it. */
function fileView(file: RevisionFile): FileView {
  return {
    id: file.id,
    name: file.name,
    url: fileHref(file.downloadURL),
    contentType: file.contentType,
    size: file.size,
    ...(file.dimensions ? { width: file.dimensions.width, height: file.dimensions.height } : {}),
  };
}

/** An embed answer as the renderer shows it. */
function embedView(url: string, embed: Embed): EmbedView {
  const base = {
    url,
    title: embed.title,
    site: embed.site,
    ...(embed.icon ? { icon: embed.icon } : {}),
  };
  if (embed.type === "rich") return { ...base, kind: "rich", frame: { srcdoc: embed.html } };
  return { ...base, kind: embed.type === "integration" ? "integration" : "link" };
}

/** Resolves one embed within the budget; null (a link card) when it cannot. */
async function loadEmbed(ctx: SiteContext, url: string): Promise<EmbedView | null> {
  const known = embeds.get(url);
  if (known !== undefined) return known;
  const timeout = new Promise<null>((done) => setTimeout(() => done(null), EMBED_BUDGET_MS));
  const answer = ctx.client
    .get<Embed>("/urls/embed", { url })
    .then((embed) => embedView(url, embed))
    .catch(() => null);
  const view = await Promise.race([answer, timeout]);
  embeds.set(url, view, view ? 3_600_000 : 60_000);
  return view;
}

/** The parsed document of a public API spec, null when the site cannot read it. */
async function loadSpec(ctx: SiteContext, slug: string): Promise<Record<string, unknown> | null> {
  const key = `${ctx.content.organization}\n${slug}`;
  const known = specs.get(key);
  if (known !== undefined) return known;
  const content = await ctx.client
    .get<{
      filesystem?: Record<string, unknown>;
    }>(
      `/orgs/${ctx.content.organization}/openapi/${encodeURIComponent(slug)}/versions/latest/content`,
    )
    .catch(() => null);
  const document = content?.filesystem ? Object.values(content.filesystem)[0] : undefined;
  const spec =
    document && typeof document === "object" ? (document as Record<string, unknown>) : null;
  specs.set(key, spec, 60_000);
  return spec;
}

/** A reusable content's document, null when the API has none for it. */
async function loadReusable(ctx: SiteContext, id: string): Promise<JSONDocument | null> {
  const path = `/spaces/${ctx.content.space}/revisions/${ctx.revision.id}/reusable-contents/${encodeURIComponent(id)}/document`;
  return ctx.client.get<JSONDocument>(path).catch(() => null);
}

/** Pages by id as links show them (hidden ones too: a link to them still works). */
function pageLink(tree: PageTree, page: RevisionPage, hrefs: Hrefs): PageLinkView | undefined {
  const entry = tree.byId.get(page.id);
  if (!entry || page.type !== "document") return undefined;
  const emoji = "emoji" in page && page.emoji ? page.emoji : undefined;
  return {
    id: page.id,
    title: page.title,
    href: pageHref(tree, entry, hrefs),
    ...(emoji ? { emoji } : {}),
  };
}

/** Reads what `refs` names and answers the render context of the page at `currentHref`. */
export async function renderContextOf(
  ctx: SiteContext,
  refs: DocumentRefs,
  hrefs: Hrefs,
  currentHref: string,
): Promise<RenderContext> {
  const [embedList, specList, reusableList] = await Promise.all([
    Promise.all(
      [...refs.embeds].slice(0, 20).map(async (url) => [url, await loadEmbed(ctx, url)] as const),
    ),
    Promise.all(
      [...refs.openapi]
        .slice(0, 10)
        .map(async (slug) => [slug, await loadSpec(ctx, slug)] as const),
    ),
    Promise.all(
      [...refs.reusableContents]
        .slice(0, 20)
        .map(async (id) => [id, await loadReusable(ctx, id)] as const),
    ),
  ]);
  const files = new Map(ctx.revision.files.map((f) => [f.id, fileView(f)]));
  const embedMap = new Map(embedList);
  const specMap = new Map(specList);
  const reusableMap = new Map(reusableList);
  return {
    page: (id) => {
      const entry = ctx.tree.byId.get(id);
      return entry ? pageLink(ctx.tree, entry.page, hrefs) : undefined;
    },
    file: (id) => files.get(id),
    embed: (url) => embedMap.get(url) ?? undefined,
    openapi: (slug) => specMap.get(slug) ?? undefined,
    reusableContent: (id) => reusableMap.get(id) ?? undefined,
    currentHref,
  };
}

/** Pages whose path or title shares words with a missing path (the 404 page's suggestions). */
export function suggestionsFor(tree: PageTree, pathname: string, hrefs: Hrefs, max = 5) {
  const words = pathname
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2);
  const scored = tree.readable
    .map((entry) => {
      const text = `${entry.path} ${entry.page.title}`.toLowerCase();
      return { entry, score: words.filter((w) => text.includes(w)).length };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, max);
  const picked =
    scored.length > 0 ? scored.map((s) => s.entry) : tree.readable.slice(0, Math.min(max, 3));
  return picked.map((entry) => ({ title: entry.page.title, href: pageHref(tree, entry, hrefs) }));
}
