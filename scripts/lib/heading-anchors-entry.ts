import { parsePage } from "../../core/document/page";
import {
  declaredAnchor,
  expandableAnchor,
  headingAnchor,
  inlineText,
} from "../../core/document/text";
import { childNodes, type LooseNode } from "../../core/document/loose";

/**
 * Every heading and expandable of a document (both get anchors, from one counter), at any depth
 * (in tabs, steppers, hints…), in reading order.
 */
function anchored(nodes: readonly unknown[], into: LooseNode[] = []): LooseNode[] {
  for (const node of nodes) {
    if (typeof node !== "object" || node === null) continue;
    const n = node as LooseNode;
    if (typeof n.type === "string" && /^(heading-[123]|expandable)$/.test(n.type)) into.push(n);
    anchored(childNodes(n), into);
    if (Array.isArray(n.fragments)) {
      for (const f of n.fragments) anchored(childNodes(f as LooseNode), into);
    }
  }
  return into;
}

/**
 * The ids the reader gives a page's headings (declared, else the slug) and expandables
 * (`expandableAnchor`); repeats get "-1", "-2".
 */
function pageAnchors(nodes: readonly unknown[]): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const h of anchored(nodes)) {
    const base =
      h.type === "expandable"
        ? expandableAnchor(h)
        : (declaredAnchor(h) ?? headingAnchor(inlineText(childNodes(h))));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count === 0 ? base : `${base}-${count}`);
  }
  return ids;
}

/** What the check found: links matched, each miss described, links naming no page. */
export interface AnchorReport {
  matched: number;
  missed: string[];
  unresolved: number;
}

/** `a/b/../c.md` as `a/c.md` (POSIX paths inside the corpus). */
function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return parts.join("/");
}

/**
 * The body of `scripts/check-heading-anchors.mjs` (bundled by esbuild for Node): every
 * `page.md#fragment` link of a Git Sync corpus (path → text) checked against the anchors Quire
 * gives the target page's headings and expandables (core/document's `headingAnchor` and
 * `expandableAnchor` with the uniqueness rule), so
 * the anchors GitBook wrote into its own links say whether Quire's rule makes the same ids.
 */
export function checkCorpus(files: ReadonlyMap<string, string>): AnchorReport {
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = (file: string): Set<string> | null => {
    const known = anchors.get(file);
    if (known) return known;
    const text = files.get(file);
    if (text === undefined) return null;
    const set = pageAnchors(parsePage(text).document.nodes);
    anchors.set(file, set);
    return set;
  };
  const report: AnchorReport = { matched: 0, missed: [], unresolved: 0 };
  const LINK = /\]\(([^)\s#]*\.md)#([^)\s]+)\)/g;
  for (const [file, text] of files) {
    const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
    for (const m of text.matchAll(LINK)) {
      const target = normalise(`${dir}/${decodeURIComponent(m[1] ?? "")}`);
      const set = anchorsOf(target);
      if (!set) {
        report.unresolved += 1;
        continue;
      }
      const fragment = decodeURIComponent(m[2] ?? "");
      if (set.has(fragment)) report.matched += 1;
      else report.missed.push(`${file} → ${target}#${fragment}  (has: ${[...set].join(", ")})`);
    }
  }
  return report;
}
