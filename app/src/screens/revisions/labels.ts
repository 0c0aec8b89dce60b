import type { RevisionType } from "../../api/revision-types";

/** What the history and revision screens say: kinds of revision. */

/** How a revision's type reads. */
const TYPE_LABELS: Readonly<Record<RevisionType, string>> = {
  edits: "Edits",
  merge: "Merge",
  update: "Update from main",
  rollback: "Rollback",
};

/** A revision's type, for one not listed here (a type of the future): its own word. */
export function typeLabel(type: string): string {
  return (TYPE_LABELS as Readonly<Record<string, string>>)[type] ?? type;
}
