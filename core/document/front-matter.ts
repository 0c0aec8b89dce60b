/**
 * A GitBook page's front matter (`---` YAML `---` before the title): `description`, `icon`,
 * `hidden`, `if` and the `layout` mapping read into fields, every other key kept as written.
 * A small YAML subset (block mappings, plain / quoted / folded scalars); never throws.
 */

/** A nested mapping of scalars (`layout`). */
interface YamlMap {
  [key: string]: string | boolean | number | YamlMap;
}

/** The front matter fields Quire reads, and the rest as written. */
export interface FrontMatter {
  description?: string;
  icon?: string;
  hidden?: boolean;
  /** The page's visibility condition (GitBook's adaptive content expression). */
  if?: string;
  layout?: YamlMap;
  /** Other keys: the YAML text after `key:` (its following lines included), kept byte for byte. */
  other?: Record<string, string>;
}

const KEY = /^([A-Za-z_][\w-]*):(?: (.*))?$/;

/** A YAML scalar's value. */
function scalar(text: string): string | boolean | number {
  const value = text.trim();
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^-?\d+(?:\.\d+)?$/.test(value)) return Number(value);
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value.slice(1, -1);
    }
  }
  if (value.startsWith("'") && value.endsWith("'") && value.length >= 2)
    return value.slice(1, -1).replace(/''/g, "'");
  return value;
}

/** A block scalar (`>-`, `|`) or a mapping below a key, from its indented lines. */
function nested(head: string, lines: string[]): string | YamlMap {
  const indent = Math.min(
    ...lines.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length),
  );
  const body = lines.map((line) => line.slice(indent));
  if (head.startsWith(">"))
    return body
      .map((l) => l.trim())
      .join(" ")
      .trim();
  if (head.startsWith("|")) return body.join("\n").replace(/\n+$/, "");
  return mapping(body);
}

/** A block mapping's keys (lines at indentation 0, with their indented continuation). */
function entries(lines: string[]): Array<[string, string, string[]]> {
  const out: Array<[string, string, string[]]> = [];
  for (const line of lines) {
    const key = line.startsWith(" ") ? null : KEY.exec(line);
    if (key) out.push([key[1] as string, key[2] ?? "", []]);
    else if (out.length > 0 && (line.startsWith(" ") || line.trim() === ""))
      out[out.length - 1]?.[2].push(line);
  }
  return out;
}

/** A block mapping of scalars and mappings. */
function mapping(lines: string[]): YamlMap {
  const map: YamlMap = {};
  for (const [key, head, rest] of entries(lines)) {
    const value = rest.some((l) => l.trim() !== "") ? nested(head.trim(), rest) : scalar(head);
    if (typeof value === "string" && value === "" && head.trim() === "") continue;
    map[key] = value;
  }
  return map;
}

/** Reads front matter text (without the `---` lines). */
export function readFrontMatter(text: string): FrontMatter {
  const lines = text.split("\n");
  const front: FrontMatter = {};
  for (const [key, head, rest] of entries(lines)) {
    const hasBlock = rest.some((l) => l.trim() !== "");
    const value = hasBlock ? nested(head.trim(), rest) : scalar(head);
    if (key === "description" || key === "icon" || key === "if") {
      if (typeof value !== "object") front[key] = String(value);
    } else if (key === "hidden" && typeof value === "boolean") front.hidden = value;
    else if (key === "layout" && typeof value === "object") front.layout = value;
    else {
      front.other ??= {};
      front.other[key] = [head, ...rest].join("\n").replace(/\n+$/, "");
    }
  }
  return front;
}

/** A string as a YAML scalar: plain when YAML reads it back unchanged, else double-quoted. */
function yamlString(value: string): string {
  const plain =
    value !== "" &&
    !/^[\s\-?:,[\]{}#&*!|>'"%@`]/.test(value) &&
    !/[\n\t]|: | #|:$|\s$/.test(value) &&
    typeof scalar(value) === "string";
  return plain ? value : JSON.stringify(value);
}

/** A mapping's lines at an indentation. */
function mappingLines(map: YamlMap, indent: string): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(map)) {
    if (typeof value === "object")
      out.push(`${indent}${key}:`, ...mappingLines(value, `${indent}  `));
    else
      out.push(`${indent}${key}: ${typeof value === "string" ? yamlString(value) : String(value)}`);
  }
  return out;
}

/** Writes front matter (without the `---` lines); "" when it holds nothing. */
export function writeFrontMatter(front: FrontMatter): string {
  const lines: string[] = [];
  if (front.description !== undefined) lines.push(`description: ${yamlString(front.description)}`);
  if (front.icon !== undefined) lines.push(`icon: ${yamlString(front.icon)}`);
  if (front.hidden !== undefined) lines.push(`hidden: ${String(front.hidden)}`);
  if (front.if !== undefined) lines.push(`if: ${yamlString(front.if)}`);
  if (front.layout) lines.push("layout:", ...mappingLines(front.layout, "  "));
  for (const [key, text] of Object.entries(front.other ?? {})) {
    if (!KEY.test(`${key}:`)) continue;
    lines.push(text.startsWith("\n") || text === "" ? `${key}:${text}` : `${key}: ${text}`);
  }
  return lines.join("\n");
}
