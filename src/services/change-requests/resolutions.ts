import type { Resolution } from "../../api/change-request-conflicts";
import type { Take } from "../../../core/merge/document";
import type { PageSide } from "../../content/merge";
import { badRequest } from "../../lib/errors";

/**
 * The choices sent with an update from main, looked up by the conflicts they answer. Each use is
 * recorded: a choice that answered no conflict is a 400 naming it (the page or block it names
 * does not conflict, or no longer does), so a stale form never applies silently.
 */
export class Resolutions {
  private readonly byTarget = new Map<string, { take: Resolution["take"]; at: number }>();
  private readonly used = new Set<number>();

  constructor(list: readonly Resolution[] = []) {
    list.forEach((r, at) => {
      const target = Resolutions.target(r.page, r.block);
      if (this.byTarget.has(target))
        throw badRequest(`body.resolutions[${at}]: a second choice for the same conflict`);
      this.byTarget.set(target, { take: r.take, at });
    });
  }

  private static target(page: string, block?: string) {
    return `${page}\n${block ?? ""}`;
  }

  /** The side kept of a block conflict, if one was chosen. */
  block(pageId: string, key: string): Take | undefined {
    const found = this.byTarget.get(Resolutions.target(pageId, key));
    if (!found) return undefined;
    this.used.add(found.at);
    return found.take === "main" ? "ours" : found.take === "mine" ? "theirs" : "both";
  }

  /** The side kept of a page conflict, if one was chosen (`both` is refused: a page is one). */
  page(pageId: string, kind: "page" | "tree"): PageSide | undefined {
    const found = this.byTarget.get(Resolutions.target(pageId));
    if (!found) return undefined;
    if (found.take === "both")
      throw badRequest(`body.resolutions[${found.at}].take: "both" is for block conflicts`);
    if (kind === "tree" && found.take === "mine")
      throw badRequest(
        `body.resolutions[${found.at}].take: the merged tree cannot hold the change request's version of this page; keep main's or change the page in the change request`,
      );
    this.used.add(found.at);
    return found.take === "main" ? "ours" : "theirs";
  }

  /** Refuses the first choice that answered no conflict. */
  checkAllUsed(): void {
    for (const { at } of this.byTarget.values()) {
      if (!this.used.has(at))
        throw badRequest(`body.resolutions[${at}]: names no conflict of this change request`);
    }
  }
}
