import type { RevisionPage } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import {
  FULL_NAVIGATION_LIMIT,
  navigation,
  pageAtPath,
  walkTree,
  type Hrefs,
} from "../../../reader/src/site/tree";

/** A document page (no body: the tree's shape only). */
function doc(id: string, path: string, pages: RevisionPage[] = []): RevisionPage {
  return {
    id,
    title: id,
    type: "document",
    kind: "sheet",
    path,
    slug: id,
    pages,
  } as unknown as RevisionPage;
}

/** `groups` groups of `each` pages. */
function groupedTree(groups: number, each: number): RevisionPage[] {
  return Array.from({ length: groups }, (_, g) => ({
    id: `g${g}`,
    title: `Group ${g}`,
    type: "group",
    kind: "group",
    path: `g${g}`,
    slug: `g${g}`,
    pages: Array.from({ length: each }, (_, p) => doc(`p${g}-${p}`, `g${g}/p${p}`)),
  })) as unknown as RevisionPage[];
}

const hrefs: Hrefs = { spacePath: "/site", link: () => undefined };

/** Every item of a navigation, depth first. */
function count(items: ReturnType<typeof navigation>): number {
  return items.reduce((n, item) => n + 1 + count(item.children), 0);
}

describe("the reader's navigation", () => {
  it("lists every page of a tree within the limit", () => {
    const tree = walkTree(groupedTree(5, 30));
    const nav = navigation(tree, pageAtPath(tree, "g2/p4"), hrefs);
    expect(count(nav)).toBe(5 + 150);
    expect(nav.every((group) => group.kind === "group")).toBe(true);
  });

  it("shows the top level and the current branch of a larger tree, other sections as links", () => {
    const tree = walkTree(groupedTree(10, 100));
    expect(tree.entries.length).toBeGreaterThan(FULL_NAVIGATION_LIMIT);
    const nav = navigation(tree, pageAtPath(tree, "g3/p7"), hrefs);
    expect(nav).toHaveLength(10);
    expect(count(nav)).toBe(10 + 100);
    const open = nav.find((item) => item.id === "g3")!;
    expect(open.kind).toBe("group");
    expect(open.children.find((c) => c.id === "p3-7")!.active).toBe(true);
    const closed = nav.find((item) => item.id === "g5")!;
    expect(closed).toMatchObject({ kind: "page", href: "/site/g5/p0", children: [] });
  });
});
