/**
 * The API's change-request shapes the app's change-request screens read (the official
 * ChangeRequest and RevisionSemanticChanges, as far as the screens use them).
 */

/** A change request's state (official ChangeRequestStatus). */
export type ChangeRequestStatus = "draft" | "open" | "merged" | "archived";

/** A user as a change request names them. */
interface ChangeRequestUser {
  id: string;
  displayName: string;
}

/** A change request (official ChangeRequest). */
export interface ChangeRequest {
  id: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  createdBy: ChangeRequestUser;
  createdAt: string;
  updatedAt: string;
  mergedBy?: ChangeRequestUser;
  mergedAt?: string;
  /** Main moved past the base the change request last merged from. */
  outdated: boolean;
  /** Open comments. */
  comments: number;
}

/** A page as a semantic change names it (official ChangedRevisionPage). */
interface ChangedPage {
  id: string;
  type: string;
  title: string;
  path?: string;
}

/** One semantic change (official RevisionSemanticChange): pages, files and the rest. */
export interface SemanticChange {
  type: string;
  page?: ChangedPage;
  file?: { id: string; name?: string };
  /** A moved page's parents before and after (none: the space's top level). */
  parent?: { before?: ChangedPage; after?: ChangedPage };
}

/** What a change request changes against main (official RevisionSemanticChanges). */
export interface SemanticChanges {
  changes: SemanticChange[];
  more?: number;
}
