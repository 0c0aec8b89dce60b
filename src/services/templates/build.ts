import type { Change } from "../../content/change-schema";
import type { SpaceTemplate, TemplatePage } from "./types";

/** A slot's image in template markdown: alone on its line, `![alt](slot:name)`. */
export const SLOT_IMAGE = /^!\[([^\]\n]*)\]\(slot:([a-z0-9-]+)\)$/;

/**
 * The page body with its slots resolved: a filled slot's image points at its file
 * (`/files/<id>`, a file reference once parsed); an unfilled slot's image line is left out,
 * with the blank line that separated it, so no broken image is ever written.
 */
export function fillSlots(markdown: string, files: ReadonlyMap<string, string>): string {
  const lines = markdown.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = SLOT_IMAGE.exec(lines[i]!);
    if (!match) {
      out.push(lines[i]!);
      continue;
    }
    const [, alt, slot] = match;
    const file = files.get(slot!);
    if (file !== undefined) {
      out.push(`![${alt}](/files/${file})`);
    } else if (lines[i + 1] === "" && i + 1 < lines.length - 1) {
      i += 1; // also drop the blank line after it
    } else if (out.length > 0 && out[out.length - 1] === "") {
      out.pop(); // last block of the page: drop the blank line before it
    }
  }
  return out.join("\n");
}

/** Every page of a template, depth first, parents before their children. */
export function templatePages(template: SpaceTemplate): TemplatePage[] {
  const walk = (pages: TemplatePage[]): TemplatePage[] =>
    pages.flatMap((page) => [page, ...walk(page.children ?? [])]);
  return walk(template.pages);
}

/**
 * The template as one content batch of `insert_page` changes, parents first. Top-level pages
 * carry no slug: it derives from the title (equal to the template's slug) and is suffixed
 * (`-2`, `-3`...) when a page of the space already uses it; pages under them keep their slug.
 * Pages link to each other through their batch refs.
 */
export function templateChanges(
  template: SpaceTemplate,
  files: ReadonlyMap<string, string>,
): Change[] {
  const changes: Change[] = [];
  const visit = (page: TemplatePage, parent: string | null) => {
    changes.push({
      operation: "insert_page",
      ref: page.ref,
      title: page.title,
      ...(parent === null ? {} : { into: parent, slug: page.slug }),
      ...(page.emoji ? { emoji: page.emoji } : {}),
      ...(page.description ? { description: page.description } : {}),
      document: { markdown: fillSlots(page.markdown, files) },
    });
    for (const child of page.children ?? []) visit(child, page.ref);
  };
  for (const page of template.pages) visit(page, null);
  return changes;
}
