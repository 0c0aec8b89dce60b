import type { PageRow } from "../db/schema";
import type { TreeNode } from "../content/tree";

import type {
  PageDocument,
  PageGroup,
  PageLayout,
  PageLink,
  RevisionPage,
} from "../api/content-responses";

/** A document page's body, in the form the caller asked for, or only its document's id. */
type PageBody =
  | { document: Record<string, unknown> }
  | { markdown: string }
  | { documentId?: string };

/** What presenting pages needs besides the tree: where they live in the app, and their bodies. */
export interface PageContext {
  /** The app URL of a page, from its path in the revision. */
  appUrl: (path: string) => string;
  /** The body of a document page. */
  body: (row: PageRow) => PageBody;
  /** A site visitor's adaptive filter: pages whose condition fails are left out. */
  shows?: (condition: string | null) => boolean;
}

/** GitBook's default layout: every flag on, default width, hero cover without a mask. */
const DEFAULT_LAYOUT: PageLayout = {
  width: "default",
  cover: true,
  coverSize: "hero",
  coverMask: "none",
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

const ENUMS: Partial<Record<keyof PageLayout, readonly string[]>> = {
  width: ["default", "wide"],
  coverSize: ["hero", "full", "background"],
  coverMask: ["none", "radial"],
};

/** The stored layout over the defaults, keeping only known keys with values of the right kind. */
function layoutOf(stored: Record<string, unknown> | null): PageLayout {
  const layout: Record<string, unknown> = { ...DEFAULT_LAYOUT };
  for (const [key, value] of Object.entries(stored ?? {})) {
    if (!(key in DEFAULT_LAYOUT)) continue;
    const allowed = ENUMS[key as keyof PageLayout];
    if (allowed ? allowed.includes(value as string) : typeof value === "boolean") {
      layout[key] = value;
    }
  }
  return layout as PageLayout;
}

/** Fields every page kind shares; optional ones are omitted when unset. */
function base(row: PageRow) {
  return {
    id: row.pageId,
    title: row.title,
    ...(row.emoji ? { emoji: row.emoji } : {}),
    ...(row.icon ? { icon: row.icon } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.condition ? { condition: row.condition } : {}),
  };
}

function documentPage(node: TreeNode, ctx: PageContext): PageDocument {
  const { row } = node;
  return {
    ...base(row),
    kind: "sheet",
    type: "document",
    urls: { app: ctx.appUrl(node.path) },
    slug: row.slug,
    path: node.path,
    ...(row.description !== null ? { description: row.description } : {}),
    pages: presentPages(node.children, ctx),
    layout: layoutOf(row.layout),
    ...(row.cover ? { cover: row.cover } : {}),
    hidden: row.hidden,
    noIndex: row.noIndex,
    noRobotsIndex: row.noRobotsIndex,
    tags: [],
    ...(row.computed ? { computed: row.computed } : {}),
    ...ctx.body(row),
  };
}

function groupPage(node: TreeNode, ctx: PageContext): PageGroup {
  const { row } = node;
  return {
    ...base(row),
    kind: "group",
    type: "group",
    slug: row.slug,
    path: node.path,
    pages: presentPages(node.children, ctx),
    hidden: row.hidden,
    noIndex: row.noIndex,
    noRobotsIndex: row.noRobotsIndex,
  };
}

function linkPage(node: TreeNode): PageLink {
  const target = node.row.linkTarget ?? { kind: "url", url: "" };
  return {
    ...base(node.row),
    kind: "link",
    type: "link",
    target,
    ...(target.kind === "url" && typeof target.url === "string" ? { href: target.url } : {}),
    hidden: node.row.hidden,
  };
}

/**
 * A page looks the same from every endpoint: its metadata, its path in the revision, its
 * children (nested, in sibling order) and, for a document page, its body. Layout flags absent
 * from the stored layout take GitBook's defaults.
 */
export function presentPage(node: TreeNode, ctx: PageContext): RevisionPage {
  switch (node.row.kind) {
    case "group":
      return groupPage(node, ctx);
    case "link":
      return linkPage(node);
    default:
      return documentPage(node, ctx);
  }
}

/** A list of sibling pages, each with its subtree. */
export function presentPages(nodes: TreeNode[], ctx: PageContext): RevisionPage[] {
  const shown = ctx.shows ? nodes.filter((node) => ctx.shows!(node.row.condition)) : nodes;
  return shown.map((node) => presentPage(node, ctx));
}
