import type { RevisionFileEntry, TreePage } from "./content-types";

/**
 * The API's revision shapes the history and revision screens read: a history entry (Quire's
 * `RevisionEntry`, of `GET /spaces/{id}/revisions` and a page's history) and a revision read by
 * id (official `Revision`, with Quire's `createdBy`), as far as the screens show them.
 */

/** What kind of revision (official revision `type`). */
export type RevisionType = "edits" | "merge" | "update" | "rollback";

/** A user as a revision names them. */
interface RevisionUser {
  id: string;
  displayName: string;
}

/** A revision as a history lists it. */
export interface RevisionEntry {
  id: string;
  parents: string[];
  type: RevisionType;
  createdAt: string;
  createdBy?: RevisionUser;
  changeRequest?: { id: string; number: number; subject: string };
  urls: { app: string };
}

/** A revision read by id, without bodies: its tree and files, who, and the merged change request. */
export interface RevisionRead {
  id: string;
  parents: string[];
  type: RevisionType;
  createdAt: string;
  createdBy?: RevisionUser;
  mergedFrom?: { id: string; number: number; subject: string };
  pages: TreePage[];
  files: RevisionFileEntry[];
  urls: { app: string };
}
