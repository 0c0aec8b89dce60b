import type { FrontMatter } from "../document/front-matter";

/**
 * A Git Sync page file's front matter as page metadata: the document codec reads and writes the
 * YAML (core/document/front-matter.ts, through `parsePage`/`renderPage`); this maps its fields
 * to what a space stores — `description`, `icon`, `hidden`, `if` (the page's condition) and
 * `layout` (GitBook's nested `title: {visible: true}` form ↔ the page's flat layout flags) — and
 * names what it cannot keep.
 */

/** The boolean layout flags, in the order GitBook writes them in front matter. */
const FLAGS = [
  "title",
  "description",
  "tableOfContents",
  "outline",
  "pagination",
  "metadata",
  "tags",
  "actions",
  "anchors",
] as const;
const WIDTHS = ["default", "wide"] as const;
const COVER_SIZES = ["hero", "full", "background"] as const;

/** A page's layout as the space stores it (official RevisionPageLayout's keys, each optional). */
export interface PageLayoutFlags {
  width?: (typeof WIDTHS)[number];
  cover?: boolean;
  coverSize?: (typeof COVER_SIZES)[number];
  title?: boolean;
  description?: boolean;
  tableOfContents?: boolean;
  outline?: boolean;
  pagination?: boolean;
  metadata?: boolean;
  tags?: boolean;
  actions?: boolean;
  anchors?: boolean;
}

/** The page metadata a Git Sync file carries in its front matter. */
export interface PageFrontMatter {
  description?: string;
  icon?: string;
  hidden?: boolean;
  /** The page's visibility condition (front matter `if`). */
  condition?: string;
  layout?: PageLayoutFlags;
}

type Nested = NonNullable<FrontMatter["layout"]>;

/** `{visible: bool}` → the bool, else undefined. */
function visible(value: Nested[string] | undefined): boolean | undefined {
  if (typeof value !== "object") return undefined;
  return typeof value.visible === "boolean" ? value.visible : undefined;
}

/** GitBook's nested front-matter layout as flags, and the keys that could not be read. */
function layoutFlags(layout: Nested): { flags: PageLayoutFlags; unread: string[] } {
  const flags: PageLayoutFlags = {};
  const unread: string[] = [];
  for (const [key, value] of Object.entries(layout)) {
    if (key === "width" && WIDTHS.includes(value as never))
      flags.width = value as PageLayoutFlags["width"];
    else if (key === "cover" && typeof value === "object") {
      const shown = visible(value);
      if (shown !== undefined) flags.cover = shown;
      if (COVER_SIZES.includes(value.size as never))
        flags.coverSize = value.size as PageLayoutFlags["coverSize"];
      if (shown === undefined && flags.coverSize === undefined) unread.push("layout.cover");
    } else if ((FLAGS as readonly string[]).includes(key) && visible(value) !== undefined)
      flags[key as (typeof FLAGS)[number]] = visible(value);
    else unread.push(`layout.${key}`);
  }
  return { flags, unread };
}

/**
 * The page metadata of a file's front matter, and the keys not kept (for the importer's
 * warnings): other keys (`cover`, `coverY`, …) and layout entries that are not GitBook's.
 */
export function pageMetaOf(front: FrontMatter): { meta: PageFrontMatter; unkept: string[] } {
  const meta: PageFrontMatter = {};
  const unkept = Object.keys(front.other ?? {});
  if (front.description !== undefined) meta.description = front.description;
  if (front.icon !== undefined) meta.icon = front.icon;
  if (front.hidden !== undefined) meta.hidden = front.hidden;
  if (front.if !== undefined && front.if.trim() !== "") meta.condition = front.if;
  if (front.layout) {
    const { flags, unread } = layoutFlags(front.layout);
    if (Object.keys(flags).length > 0) meta.layout = flags;
    unkept.push(...unread);
  }
  return { meta, unkept };
}

/** The front matter GitBook writes for a page's metadata (empty fields left out). */
export function frontMatterOf(meta: PageFrontMatter): FrontMatter {
  const front: FrontMatter = {};
  if (meta.description) front.description = meta.description;
  if (meta.icon) front.icon = meta.icon;
  if (meta.hidden) front.hidden = true;
  if (meta.condition) front.if = meta.condition;
  const layout: Nested = {};
  const flags = meta.layout ?? {};
  if (flags.width !== undefined) layout.width = flags.width;
  if (flags.cover !== undefined || flags.coverSize !== undefined)
    layout.cover = {
      ...(flags.cover !== undefined ? { visible: flags.cover } : {}),
      ...(flags.coverSize !== undefined ? { size: flags.coverSize } : {}),
    };
  for (const key of FLAGS) if (flags[key] !== undefined) layout[key] = { visible: flags[key] };
  if (Object.keys(layout).length > 0) front.layout = layout;
  return front;
}

/** A stored layout (any JSON) as flags: only GitBook's keys with values of the right kind. */
export function layoutFlagsOf(stored: Record<string, unknown> | null | undefined): PageLayoutFlags {
  const flags: PageLayoutFlags = {};
  for (const [key, value] of Object.entries(stored ?? {})) {
    if (key === "width" && WIDTHS.includes(value as never)) flags.width = value as never;
    else if (key === "coverSize" && COVER_SIZES.includes(value as never))
      flags.coverSize = value as never;
    else if (
      (key === "cover" || (FLAGS as readonly string[]).includes(key)) &&
      typeof value === "boolean"
    )
      flags[key as "cover"] = value;
  }
  return flags;
}
