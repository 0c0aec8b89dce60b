import {
  ChangeRequestFileParams,
  ChangeRequestPageParams,
  SpaceFileParams,
  SpacePageParams,
} from "../../api/links";

/**
 * Where a set of link routes is mounted: a space's main content at its head, or a change
 * request's working head. The place in the path params is resolved by `linkTarget` (a change
 * request when the params have `changeRequestId`).
 */
export interface LinkMount {
  /** The place's path under /v1; the link routes hang under it. */
  prefix: string;
  /** The place's content in the summaries: "List the links of a page of <of>". */
  of: string;
  /** The OpenAPI tag of the page and file operations. */
  tag: string;
  /** The path params of a page and of a file of the place. */
  params: {
    page: typeof SpacePageParams | typeof ChangeRequestPageParams;
    file: typeof SpaceFileParams | typeof ChangeRequestFileParams;
  };
  /** The tag of `GET {prefix}/links` (every link of the revision), when the place has it. */
  revisionLinks?: { tag: string };
  /** Whether the place lists the backlinks of a page. */
  pageBacklinks: boolean;
}

/** A space's main content at its head revision (spec §4.2, §4.3). */
export const spaceMount: LinkMount = {
  prefix: "/spaces/{spaceId}",
  of: "a space's current revision",
  tag: "space-content",
  params: { page: SpacePageParams, file: SpaceFileParams },
  revisionLinks: { tag: "spaces" },
  pageBacklinks: false,
};

/** A change request's content at its working head (spec §4.6). */
export const changeRequestMount: LinkMount = {
  prefix: "/spaces/{spaceId}/change-requests/{changeRequestId}",
  of: "a change request",
  tag: "change-requests",
  params: { page: ChangeRequestPageParams, file: ChangeRequestFileParams },
  pageBacklinks: true,
};
