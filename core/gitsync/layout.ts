import { assetName, ASSETS_FOLDER, pageFilePath } from "./paths";
import type { SummaryEntry } from "./summary";

/** A page of a space as the export lays it out (the tree, in sibling order). */
export interface LayoutPage {
  id: string;
  kind: "document" | "group" | "link";
  title: string;
  slug: string;
  /** A link page's target. */
  href?: string;
  children: LayoutPage[];
}

/** A file of a space as the export lays it out. */
export interface LayoutFile {
  id: string;
  name: string;
}

/** Where every page and file of a space goes in the repository, and its table of contents. */
export interface RepositoryLayout {
  /** The markdown file of every document page (and of a group not at the top level). */
  pagePaths: Map<string, string>;
  /** The `.gitbook/assets/…` path of every file. */
  filePaths: Map<string, string>;
  summary: SummaryEntry[];
  warnings: string[];
}

/**
 * Lays a space out as GitBook's Git Sync does: the first top-level page without children is the
 * root `README.md`, a page with children is `slug/README.md` and its children are inside
 * `slug/`, any other page is `slug.md`; a top-level group is a `## Title` section whose pages live
 * in the group's folder; link pages are link entries; files go to `.gitbook/assets/` under their
 * own names (deduplicated). What the layout cannot say is a warning.
 */
export function layoutRepository(
  roots: readonly LayoutPage[],
  files: readonly LayoutFile[],
): RepositoryLayout {
  const pagePaths = new Map<string, string>();
  const warnings: string[] = [];
  const taken = new Set<string>();
  const filePaths = new Map<string, string>();
  for (const file of [...files].sort((a, b) => (a.id < b.id ? -1 : 1)))
    filePaths.set(file.id, `${ASSETS_FOLDER}/${assetName(file.name, taken)}`);

  const place = (page: LayoutPage, folder: string[]): SummaryEntry | null => {
    if (page.kind === "link")
      return { kind: "link", title: page.title, href: page.href || "https://" };
    const slugs = [...folder, page.slug];
    const hasChildren = page.children.length > 0 || page.kind === "group";
    const path = pageFilePath(slugs, hasChildren);
    if (page.kind === "group")
      warnings.push(`"${page.title}": a group below the top level is written as a page`);
    pagePaths.set(page.id, path);
    const children = page.children.map((c) => place(c, slugs)).filter((c) => c !== null);
    return { kind: "page", title: page.title, path, children };
  };

  const summary: SummaryEntry[] = [];
  let sawGroup = false;
  roots.forEach((page, index) => {
    if (page.kind === "group") {
      sawGroup = true;
      const children = page.children.map((c) => place(c, [page.slug])).filter((c) => c !== null);
      summary.push({ kind: "group", title: page.title, children });
      return;
    }
    if (sawGroup)
      warnings.push(
        `"${page.title}": a top-level page after a group is written at the end of that group`,
      );
    if (index === 0 && page.kind === "document" && page.children.length === 0) {
      pagePaths.set(page.id, "README.md");
      summary.push({ kind: "page", title: page.title, path: "README.md", children: [] });
      return;
    }
    const entry = place(page, []);
    if (!entry) return;
    const last = summary[summary.length - 1];
    if (sawGroup && last?.kind === "group") last.children.push(entry);
    else summary.push(entry);
  });
  return { pagePaths, filePaths, summary, warnings };
}
