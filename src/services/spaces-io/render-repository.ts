import type { FileRow } from "../../db/schema";
import type { TreeNode } from "../../content/tree";
import type { Bodies } from "../content/reads";
import { renderPage, type ContentRef, type JsonDocument } from "../../../core/document";
import {
  DEFAULT_CONFIG,
  frontMatterOf,
  layoutFlagsOf,
  layoutRepository,
  relativeLink,
  renderGitbookConfig,
  type PageFrontMatter,
  type RepositoryLayout,
  renderSummary,
  type LayoutPage,
} from "../../../core/gitsync";

/** A space as a Git Sync repository: text entries in order, then the files to copy. */
export interface RenderedRepository {
  entries: { path: string; text: string }[];
  assets: { path: string; hash: string; size: number }[];
  pageCount: number;
  warnings: string[];
}

/** The layout's view of a page tree. */
function layoutPages(nodes: readonly TreeNode[]): LayoutPage[] {
  return nodes.map((node) => {
    const target = node.row.linkTarget as { kind?: string; url?: unknown } | null;
    return {
      id: node.row.pageId,
      kind: node.row.kind,
      title: node.row.title,
      slug: node.row.slug,
      ...(node.row.kind === "link"
        ? { href: target?.kind === "url" && typeof target.url === "string" ? target.url : "" }
        : {}),
      children: layoutPages(node.children),
    };
  });
}

/** Every node of a tree, depth first. */
function* walk(nodes: readonly TreeNode[]): Generator<TreeNode> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children);
  }
}

/**
 * Writes a space's tree as GitBook's Git Sync does (core/gitsync's layout): `.gitbook.yaml`,
 * `SUMMARY.md`, one markdown file per page — front matter, `# Title`, the body with links to
 * pages and files written as relative paths — and the files under `.gitbook/assets/`.
 */
export function renderSpaceRepository(
  roots: readonly TreeNode[],
  bodies: Bodies,
  files: readonly FileRow[],
): RenderedRepository {
  const layout = layoutRepository(
    layoutPages(roots),
    files.map((f) => ({ id: f.fileId, name: f.name })),
  );
  const warnings = [...layout.warnings];
  const entries = [
    { path: ".gitbook.yaml", text: renderGitbookConfig(DEFAULT_CONFIG) },
    { path: "SUMMARY.md", text: renderSummary(layout.summary) },
  ];
  const titles = new Map<string, string>();
  for (const node of walk(roots)) titles.set(node.row.pageId, node.row.title);
  let pageCount = 0;
  for (const node of walk(roots)) {
    pageCount++;
    const path = layout.pagePaths.get(node.row.pageId);
    if (!path) continue;
    const body = bodies.get(node.row.pageId);
    let document: JsonDocument = { object: "document", data: {}, nodes: [] };
    if (body) {
      try {
        document = JSON.parse(body) as JsonDocument;
      } catch (error) {
        warnings.push(
          `${path}: the page's document could not be read (${(error as Error).message})`,
        );
      }
    }
    if (node.row.computed)
      warnings.push(`${path}: a page computed from an API spec is exported empty`);
    const meta: PageFrontMatter = {
      ...(node.row.description ? { description: node.row.description } : {}),
      ...(node.row.icon ? { icon: node.row.icon } : {}),
      ...(node.row.hidden ? { hidden: true } : {}),
      ...(node.row.condition ? { condition: node.row.condition } : {}),
      ...(node.row.layout ? { layout: layoutFlagsOf(node.row.layout) } : {}),
    };
    const text = pageFileText(layout, path, { title: node.row.title, meta, document }, titles);
    if (text === null) warnings.push(`${path}: the page's document could not be written`);
    entries.push({ path, text: text ?? `# ${node.row.title}\n` });
  }
  const assets = files
    .map((f) => ({ path: layout.filePaths.get(f.fileId)!, hash: f.hash, size: f.size }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  return { entries, assets, pageCount, warnings };
}

/**
 * One page file as GitBook's Git Sync writes it, through the codec's `renderPage`: front matter
 * from the page's metadata, `# Title`, the body with references to the space's pages and files
 * written as paths relative to `path` (a content reference's text is the target's title). Null
 * when the document cannot be written (a malformed stored body).
 */
export function pageFileText(
  layout: Pick<RepositoryLayout, "pagePaths" | "filePaths">,
  path: string,
  page: { title: string; meta: PageFrontMatter; document: JsonDocument },
  titles: ReadonlyMap<string, string>,
): string | null {
  const hrefFor = (ref: ContentRef): string | null => {
    if ("space" in ref && ref.space) return null;
    if (ref.kind === "page" || (ref.kind === "anchor" && ref.page)) {
      const target = layout.pagePaths.get(ref.kind === "page" ? ref.page : ref.page!);
      return target
        ? relativeLink(path, target, ref.kind === "anchor" ? ref.anchor : undefined)
        : null;
    }
    if (ref.kind === "file") {
      const target = layout.filePaths.get(ref.file);
      return target ? relativeLink(path, target) : null;
    }
    return null;
  };
  const labelFor = (ref: ContentRef) =>
    ref.kind === "page" ? (titles.get(ref.page) ?? null) : null;
  try {
    return renderPage(
      { title: page.title, frontMatter: frontMatterOf(page.meta), document: page.document },
      { hrefFor, labelFor },
    );
  } catch {
    return null;
  }
}
