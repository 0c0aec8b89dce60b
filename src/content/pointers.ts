import type { SpaceRow } from "../db/schema";
import type { changeRequests, revisions } from "../db/schema";

import type { ContentPointer } from "./pointer";

/** The head of a space's main content. */
export function mainPointer(space: SpaceRow): ContentPointer {
  return {
    spaceId: space.id,
    mainLineId: space.mainLineId,
    lineId: space.mainLineId,
    seq: space.mainSeq,
    baseSeq: space.mainSeq,
    revisionId: space.revisionId,
  };
}

/** The working head of a change request. */
export function changeRequestPointer(
  space: SpaceRow,
  cr: typeof changeRequests.$inferSelect,
): ContentPointer {
  return {
    spaceId: space.id,
    mainLineId: space.mainLineId,
    lineId: cr.lineId,
    seq: cr.seq,
    baseSeq: cr.baseSeq,
    revisionId: cr.revisionId,
  };
}

/** Any stored revision of the space. */
export function revisionPointer(
  space: SpaceRow,
  revision: typeof revisions.$inferSelect,
): ContentPointer {
  const onMain = revision.lineId === space.mainLineId;
  return {
    spaceId: space.id,
    mainLineId: space.mainLineId,
    lineId: revision.lineId,
    seq: revision.seq,
    baseSeq: onMain ? revision.seq : (revision.baseSeq ?? 0),
    revisionId: revision.id,
  };
}
