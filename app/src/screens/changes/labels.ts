import type { ChangeRequest } from "../../api/change-request-types";

/** What the change-request screens say: statuses, kinds of change, and what an action did. */

/** How a status reads. */
export const STATUS_LABELS: Readonly<Record<ChangeRequest["status"], string>> = {
  open: "Open",
  draft: "Draft",
  merged: "Merged",
  archived: "Archived",
};

/** How a semantic change reads. */
export const CHANGE_LABELS: Readonly<Record<string, string>> = {
  page_created: "Added",
  page_edited: "Edited",
  page_deleted: "Deleted",
  page_moved: "Moved",
  file_created: "File added",
  file_edited: "File changed",
  file_deleted: "File deleted",
};

/** What the screen says after an action (`?done=`). */
export const DONE_MESSAGES: Readonly<Record<string, string>> = {
  merged: "Merged into main.",
  status: "The change request's status changed.",
  renamed: "Renamed.",
  updated: "Updated from main.",
  created: "Change request started.",
  reverted:
    "Change request opened with the revision's content: main changes when it is merged, as the merge rules allow.",
};

/** How a review's decision reads. */
export const REVIEW_LABELS: Readonly<Record<string, string>> = {
  approved: "Approved",
  "changes-requested": "Changes requested",
};

/** What a review or comment form did (`?done=`). */
export const REVIEW_DONE_MESSAGES: Readonly<Record<string, string>> = {
  reviewed: "Review submitted.",
  asked: "Review requested.",
  unasked: "Reviewer removed.",
  commented: "Comment posted.",
  replied: "Reply posted.",
  resolved: "Thread updated.",
  edited: "Saved.",
  deleted: "Deleted.",
  reacted: "Reaction saved.",
};
