/**
 * One page of a built-in template. Its markdown links to other pages of the same template by
 * their `ref` (`[Quickstart](quickstart)`) and shows a file slot as an image alone on its line
 * (`![Product logo](slot:logo)`).
 */
export interface TemplatePage {
  /** Unique within the template: the batch ref other pages link to. */
  ref: string;
  title: string;
  /** Top-level pages: exactly `slugify(title)`, so a clash can be suffixed (see build.ts). */
  slug: string;
  emoji?: string;
  description?: string;
  /** The page body, in the service's canonical markdown (it round-trips unchanged). */
  markdown: string;
  children?: TemplatePage[];
}

/** A named place for a file of the space (a logo, a screenshot) that the caller may fill. */
interface FileSlot {
  name: string;
  description: string;
}

/** A built-in space template: a tree of markdown pages and the file slots they use. */
export interface SpaceTemplate {
  id: string;
  title: string;
  description: string;
  emoji: string;
  slots: FileSlot[];
  pages: TemplatePage[];
}

/** Joins markdown lines (one argument per line) into a page body ending in a newline. */
export function md(...lines: string[]): string {
  return `${lines.join("\n")}\n`;
}
