import { z } from "@hono/zod-openapi";
import { pathId } from "./common";
import { ChangeRequestContentParams, RevisionParams, SpaceContentParams } from "./content";

/**
 * The reusable-content reads GitBook's renderer makes (docs/compatibility.md, "Reusable
 * content"): Quire stores no reusable content blocks, so these paths exist to answer the
 * renderer's calls with an honest 404 after the usual access check.
 */

/** The path parameter naming a reusable content. */
const reusableContentId = pathId("reusableContentId");

/** Path of a reusable content of a revision (official getReusableContentInRevisionById). */
export const RevisionReusableContentParams = RevisionParams.extend({ reusableContentId });

/** Path of a reusable content of a space's main content (official getReusableContentById). */
export const SpaceReusableContentParams = SpaceContentParams.extend({ reusableContentId });

/** Path of a reusable content of a change request (official getReusableContentInChangeRequestById). */
export const ChangeRequestReusableContentParams = ChangeRequestContentParams.extend({
  reusableContentId,
});

/** The parameter type every reusable-content path shares. */
export type ReusableContentPath = z.infer<typeof SpaceReusableContentParams>;
