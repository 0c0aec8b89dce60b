import type { SpacesIoResult } from "../../db/schema";

/** Warnings kept word for word in a run's result; beyond, they are counted. */
const KEPT_WARNINGS = 500;

/** The warnings of one run: every one counted, the first 500 kept (a result row stays small). */
export class Warnings {
  readonly kept: string[] = [];
  more = 0;

  /** Records one warning. */
  add(message: string): void {
    if (this.kept.length < KEPT_WARNINGS) this.kept.push(message);
    else this.more++;
  }

  /** Records several warnings. */
  addAll(messages: readonly string[]): void {
    for (const m of messages) this.add(m);
  }

  /** The run's result with these warnings. */
  result(pages: number, files: number): SpacesIoResult {
    return {
      pages,
      files,
      warnings: this.kept,
      ...(this.more > 0 ? { moreWarnings: this.more } : {}),
    };
  }
}
