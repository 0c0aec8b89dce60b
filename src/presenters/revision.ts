import type { RevisionRow } from "../db/schema";

import type { ChangeRequest } from "../api/change-requests";
import type { Revision, RevisionFile, RevisionPage } from "../api/content-responses";
import type { RevisionEntry } from "../api/revisions";
import type { UserLike } from "../api/users";
import type { User } from "../api-document/common";
import type { Urls } from "../http/urls";
import { presentUser } from "./user";

/** What a Revision is presented from: its row, its presented pages and files. */
export interface RevisionView {
  row: RevisionRow;
  pages: RevisionPage[];
  files: RevisionFile[];
  /** The app URL of the revision (main, a change request, or a past revision). */
  appUrl: string;
  /** On a merge revision, the change request it merged. */
  mergedFrom: ChangeRequest | null;
  /** Who made it (Quire extension), when known. */
  createdBy?: User | null;
}

/**
 * A revision looks the same from every endpoint: its type and parents from the stored row, the
 * whole page tree and every file. Reusable contents, tags and variables do not exist in Quire
 * yet, so they are empty; there is no git metadata to show.
 */
export function presentRevision(view: RevisionView): Revision {
  const { row } = view;
  return {
    object: "revision",
    id: row.id,
    parents: row.parents,
    pages: view.pages,
    files: view.files,
    reusableContents: [],
    tags: [],
    variables: {},
    createdAt: row.createdAt,
    urls: { app: view.appUrl },
    type: row.type,
    ...(row.type === "merge" && view.mergedFrom ? { mergedFrom: view.mergedFrom } : {}),
    ...(view.createdBy ? { createdBy: view.createdBy } : {}),
  };
}

/** What a history entry is presented from: the revision row, its author, its merged change request. */
export interface RevisionEntryView {
  row: RevisionRow;
  author: UserLike | null;
  changeRequest: { id: string; number: number; subject: string } | null;
}

/**
 * A revision as the history lists (Quire extension) show it: no pages or files (the revision
 * read by id has them), who made it, and the change request a merge came from.
 */
export function presentRevisionEntry(urls: Urls, view: RevisionEntryView): RevisionEntry {
  const { row } = view;
  return {
    object: "revision",
    id: row.id,
    parents: row.parents,
    type: row.type,
    createdAt: row.createdAt,
    ...(view.author ? { createdBy: presentUser(urls, view.author) } : {}),
    ...(view.changeRequest ? { changeRequest: view.changeRequest } : {}),
    urls: { app: urls.app(`/s/${row.spaceId}/~/revisions/${row.id}`) },
  };
}
