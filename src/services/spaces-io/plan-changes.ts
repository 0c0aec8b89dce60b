import type { Change } from "../../content/change-schema";
import type { TreeNode } from "../../content/tree";
import { parsePage, DocumentTooDeepError, type ContentRef } from "../../../core/document";
import { placeholdUnstoredImages, resolveRepoLink, type PlannedPage } from "../../../core/gitsync";
import type { Warnings } from "./warnings";

/**
 * The content changes an import's plan writes (spaces-io/apply-plan.ts): one insert or update
 * per planned page, and each document page's body read from its file by the codec.
 */

/** Why an import stopped on its content: the page and the rule it broke. */
export class ImportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportRefused";
  }
}

/** One planned page placed: its id, parent, index among siblings and Quire path. */
export interface Placed {
  page: PlannedPage;
  id: string;
  parentId: string | null;
  at: number;
  existing: TreeNode | null;
}

/** How a page file's links resolve: to a page or file reference, or why a path is not stored. */
export interface PageLinks {
  resolve(from: string, href: string): ContentRef | null;
  /** Why the repository path holds nothing the import stores, or null when it does. */
  unstored(path: string): string | null;
}

/**
 * Sets a document page's change's body: the page file read by the codec's `parsePage` (front
 * matter and title were read by the plan), its relative links resolved, an image that could not
 * be stored replaced by a placeholder (core/gitsync), and what the codec could not represent
 * added to the import's warnings, as is every link to nothing. Too deep a file is refused.
 */
export function withDocument(
  change: Change,
  page: Extract<PlannedPage, { kind: "document" }>,
  links: PageLinks,
  warnings: Warnings,
): void {
  if (change.operation !== "insert_page" && change.operation !== "update_page") return;
  if (change.operation === "update_page" && change.document === undefined) return;
  const dangling = new Map<string, string>();
  let parsed;
  try {
    parsed = parsePage(page.text, {
      resolveLink: (path) => {
        const ref = links.resolve(page.path, path);
        if (!ref) {
          const target = resolveRepoLink(page.path, path);
          if (target) dangling.set(target.path, path);
        }
        return ref?.kind === "file"
          ? { kind: "file", file: ref.file }
          : ref?.kind === "page" || ref?.kind === "anchor"
            ? { kind: "page", page: ref.page! }
            : null;
      },
    });
  } catch (error) {
    if (error instanceof DocumentTooDeepError)
      throw new ImportRefused(`${page.path}: ${error.message}`);
    throw error;
  }
  for (const warning of parsed.warnings) warnings.add(`${page.path}: ${warning}`);
  const placeholdered = new Set<string>();
  const holes = placeholdUnstoredImages(parsed.document, (src) => {
    const target = resolveRepoLink(page.path, src);
    const reason = target ? links.unstored(target.path) : null;
    if (reason !== null) placeholdered.add(target!.path);
    return reason;
  });
  for (const hole of holes) warnings.add(`${page.path}: ${hole} A placeholder shows it`);
  for (const [path, href] of dangling)
    if (!placeholdered.has(path))
      warnings.add(
        `${page.path}: the link "${href.slice(0, 200)}" points to nothing in the repository; kept as written`,
      );
  change.document = { document: parsed.document as unknown as Record<string, unknown> };
}

/** The content change writing one planned page: an insert, or an update of the page at its path. */
export function changeOf(p: Placed, warnings: Warnings): Change | null {
  const { page } = p;
  const place = { at: p.at, slug: page.slug, title: page.title.slice(0, 256) || "Untitled" };
  const meta =
    page.kind === "document"
      ? {
          description: (page.meta.description ?? "").slice(0, 1000),
          hidden: page.meta.hidden ?? false,
          ...(page.meta.icon ? { icon: page.meta.icon.slice(0, 100) } : {}),
          condition: (page.meta.condition ?? "").slice(0, 1024),
          layout: page.meta.layout ?? null,
        }
      : {};
  if (page.kind === "link" && !/^(https?:|mailto:)/i.test(page.href)) {
    warnings.add(`"${page.title}": the link entry "${page.href}" is not a web address; skipped`);
    return null;
  }
  if (p.existing) {
    if (p.existing.row.kind !== page.kind)
      warnings.add(
        `"${page.title}": the page at this path is a ${p.existing.row.kind} page; kept as one`,
      );
    const document =
      page.kind === "document" && p.existing.row.kind === "document" ? { document: {} } : {};
    return {
      operation: "update_page",
      page: p.id,
      into: p.parentId,
      ...place,
      ...meta,
      ...document,
    };
  }
  return {
    operation: "insert_page",
    ...(p.parentId ? { into: p.parentId } : {}),
    ...place,
    ...meta,
    ...(page.kind === "document"
      ? { document: {} }
      : page.kind === "group"
        ? { type: "group" as const, document: {} }
        : { type: "link" as const, href: page.href, document: {} }),
  };
}
