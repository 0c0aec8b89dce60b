import { parse as parseYaml, stringify as stringifyYaml } from "yaml";

/** The page metadata a Git Sync file carries in its front matter. */
export interface PageFrontMatter {
  description?: string;
  icon?: string;
  hidden?: boolean;
  /** Keys present but not kept as page metadata (reported by the importer). */
  other: string[];
}

const FRONT = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Splits a markdown file into its front matter (GitBook's `description`, `icon`, `hidden`) and
 * the body after it; a file without front matter, or with front matter that is not a YAML map,
 * is all body (the second case is reported as `invalid`).
 */
export function splitFrontMatter(text: string): {
  meta: PageFrontMatter;
  body: string;
  invalid?: string;
} {
  const match = FRONT.exec(text);
  if (!match) return { meta: { other: [] }, body: text };
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "");
  } catch (error) {
    return { meta: { other: [] }, body: text, invalid: (error as Error).message.split("\n")[0] };
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== "object" || Array.isArray(data))
    return { meta: { other: [] }, body: text, invalid: "front matter is not a map of keys" };
  const record = data as Record<string, unknown>;
  const meta: PageFrontMatter = { other: [] };
  for (const [key, value] of Object.entries(record)) {
    if (key === "description" && typeof value === "string") meta.description = value;
    else if (key === "icon" && typeof value === "string") meta.icon = value;
    else if (key === "hidden" && typeof value === "boolean") meta.hidden = value;
    else meta.other.push(key);
  }
  return { meta, body: text.slice(match[0].length).replace(/^(\r?\n)+/, "") };
}

/** The front matter block GitBook writes for a page, or "" when it has none. */
export function renderFrontMatter(meta: Omit<PageFrontMatter, "other">): string {
  const data: Record<string, unknown> = {};
  if (meta.description) data.description = meta.description;
  if (meta.icon) data.icon = meta.icon;
  if (meta.hidden) data.hidden = true;
  if (Object.keys(data).length === 0) return "";
  return `---\n${stringifyYaml(data, { lineWidth: 0 })}---\n\n`;
}
