import { parseGitbookConfig, DEFAULT_CONFIG, type GitbookConfig } from "./config";
import { readPageHead } from "../document/page";
import { pageMetaOf, type PageFrontMatter } from "./front-matter";
import { folderOf, isMarkdownPath, isReadme, joinPath, slugFromName, titleFromName } from "./paths";
import { parseSummary, type SummaryEntry } from "./summary";

/** A page the import will create or update, in tree order. */
export type PlannedPage =
  | {
      kind: "document";
      /** The repository path of its markdown file. */
      path: string;
      title: string;
      slug: string;
      /** The page metadata its front matter holds. */
      meta: PageFrontMatter;
      /** The whole file, for `parsePage` once the import knows what its links point at. */
      text: string;
      children: PlannedPage[];
    }
  | { kind: "group"; title: string; slug: string; children: PlannedPage[] }
  | { kind: "link"; title: string; slug: string; href: string };

/** What a repository holds, as the importer read it: markdown texts and every other file's path. */
export interface RepositoryFiles {
  /** Markdown files by repository path. */
  markdown: ReadonlyMap<string, string>;
  /** `.gitbook.yaml` when present. */
  config?: string;
}

/** The import's plan: the page tree, the configuration and every warning. */
export interface RepositoryPlan {
  pages: PlannedPage[];
  config: GitbookConfig;
  warnings: string[];
  /** Paths `SUMMARY.md` names that the repository lacks (or that leave it): Git Sync refuses these. */
  missing: string[];
}

/**
 * Plans the pages of a Git Sync repository or a plain markdown folder: `.gitbook.yaml` says
 * where the docs are; with a `SUMMARY.md` its entries are the tree (a file it names that is
 * missing, or named twice — a loop — is a warning and skipped, its entries kept under the
 * parent; markdown files it does not name are warnings); without one the folders are the tree
 * (`README.md` the folder's page, files and folders by name).
 */
export function planRepository(files: RepositoryFiles): RepositoryPlan {
  const warnings: string[] = [];
  const missing: string[] = [];
  let config = DEFAULT_CONFIG;
  if (files.config !== undefined) {
    const read = parseGitbookConfig(files.config);
    config = read.config;
    warnings.push(...read.warnings);
  }
  const under = (path: string) => config.root === "" || path.startsWith(`${config.root}/`);
  const used = new Set<string>();
  const page = (path: string, title: string | null, slug: string): PlannedPage => {
    const text = files.markdown.get(path) ?? "";
    const head = readPageHead(text);
    const { meta, unkept } = pageMetaOf(head.frontMatter);
    for (const key of unkept)
      warnings.push(`${path}: front matter "${key}" is not kept as page metadata`);
    // The file's own heading is the title (as Git Sync reads it), then the SUMMARY.md label.
    const resolved = head.title || title || titleFromName(path.split("/").pop()!);
    return { kind: "document", path, title: resolved, slug, meta, text, children: [] };
  };
  const summaryPath = joinPath(config.root, config.summary) ?? "SUMMARY.md";
  const summaryText = files.markdown.get(summaryPath);
  used.add(summaryPath);
  let pages: PlannedPage[];
  if (summaryText !== undefined) {
    const parsed = parseSummary(summaryText);
    warnings.push(...parsed.warnings);
    const base = folderOf(summaryPath);
    const readmePath = joinPath(config.root, config.readme);
    const build = (entries: SummaryEntry[], top: boolean): PlannedPage[] => {
      const out: PlannedPage[] = [];
      for (const entry of entries) {
        if (entry.kind === "link") {
          out.push({
            kind: "link",
            title: entry.title,
            slug: slugFromName(entry.title),
            href: entry.href,
          });
          continue;
        }
        if (entry.kind === "group") {
          const children = build(entry.children, false);
          out.push({
            kind: "group",
            title: entry.title,
            slug: slugFromName(entry.title),
            children,
          });
          continue;
        }
        const path = joinPath(base, entry.path);
        const where = `SUMMARY.md: "${entry.title}" (${entry.path})`;
        if (path === null || !files.markdown.has(path)) {
          const children = build(entry.children, false);
          missing.push(path ?? entry.path);
          warnings.push(
            `${where}: ${path === null ? "points outside the repository" : "no such markdown file"}; skipped`,
          );
          out.push(...children);
          continue;
        }
        if (used.has(path)) {
          const children = build(entry.children, false);
          warnings.push(`${where}: the file is already in the table of contents (a loop); skipped`);
          out.push(...children);
          continue;
        }
        used.add(path);
        const children = build(entry.children, false);
        const slug =
          top && path === readmePath
            ? slugFromName(entry.title)
            : slugFromName(
                isReadme(path)
                  ? folderOf(path).split("/").pop() || entry.title
                  : path.split("/").pop()!,
              );
        const planned = page(path, entry.title, slug);
        if (planned.kind === "document") planned.children = children;
        out.push(planned);
      }
      return out;
    };
    pages = build(parsed.entries, true);
    const unlisted = [...files.markdown.keys()].filter((p) => under(p) && !used.has(p)).sort();
    for (const path of unlisted) warnings.push(`${path}: not in SUMMARY.md; not imported`);
  } else {
    pages = fromFolders(files, config.root, page);
  }
  return { pages, config, warnings, missing };
}

/** The tree of a repository without `SUMMARY.md`: folders are pages, `README.md` their body. */
function fromFolders(
  files: RepositoryFiles,
  root: string,
  page: (path: string, title: string | null, slug: string) => PlannedPage,
): PlannedPage[] {
  interface Folder {
    readme?: string;
    files: string[];
    folders: Map<string, Folder>;
  }
  const top: Folder = { files: [], folders: new Map() };
  for (const path of [...files.markdown.keys()].sort()) {
    if (root && !path.startsWith(`${root}/`)) continue;
    const parts = (root ? path.slice(root.length + 1) : path).split("/");
    if (parts.some((p) => p.startsWith("."))) continue;
    let folder = top;
    for (const name of parts.slice(0, -1)) {
      let next = folder.folders.get(name);
      if (!next) folder.folders.set(name, (next = { files: [], folders: new Map() }));
      folder = next;
    }
    if (isReadme(path) && folder.readme === undefined) folder.readme = path;
    else if (isMarkdownPath(path)) folder.files.push(path);
  }
  const children = (folder: Folder): PlannedPage[] => {
    const named: [string, () => PlannedPage][] = [
      ...folder.files.map((path): [string, () => PlannedPage] => {
        const name = path.split("/").pop()!;
        return [name.replace(/\.(md|markdown)$/i, ""), () => page(path, null, slugFromName(name))];
      }),
      ...[...folder.folders].map(([name, sub]): [string, () => PlannedPage] => [
        name,
        () => {
          const kids = children(sub);
          const made: PlannedPage = sub.readme
            ? page(sub.readme, null, slugFromName(name))
            : { kind: "group", title: titleFromName(name), slug: slugFromName(name), children: [] };
          if (made.kind !== "link") made.children = kids;
          return made;
        },
      ]),
    ];
    return named.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, make]) => make());
  };
  const pages = children(top);
  if (top.readme) {
    const readme = page(top.readme, null, "");
    if (readme.kind === "document") readme.slug = slugFromName(readme.title);
    pages.unshift(readme);
  }
  return pages;
}

/** How many pages a plan makes (groups and links included). */
export function countPlannedPages(pages: readonly PlannedPage[]): number {
  let n = 0;
  for (const page of pages) n += 1 + (page.kind === "link" ? 0 : countPlannedPages(page.children));
  return n;
}
