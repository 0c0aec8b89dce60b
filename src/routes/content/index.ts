import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { downloadRoutes } from "./downloads";
import { publishedFileRoutes } from "./published-files";
import { contentReadRoutes } from "./reads";
import { templateRoutes } from "./template";
import { metaLinksRoutes } from "./meta-links";
import { reusableContentRoutes } from "./reusable-contents";
import { embedRoutes } from "./embeds";
import { changesRoutes } from "./changes";
import { historyRoutes } from "./history";
import { mainLiveRoutes } from "./live";
import {
  ChangeRequestContentParams,
  ChangeRequestFileParams,
  ChangeRequestPageParams,
  ChangeRequestPathParams,
  RevisionFileParams,
  RevisionPageParams,
  RevisionParams,
  RevisionPathParams,
  SpaceContentParams,
  SpaceFileParams,
  SpacePageParams,
  SpacePathParams,
} from "../../api/content";
import { changeRequestTarget, mainTarget, revisionTarget } from "../../auth/content-target";
import { mainHeadPage, revisionDocument, revisionPage } from "./handlers";

/** Reads of a space's main content at its head revision (spec §4.3). */
const mainContentRoutes = contentReadRoutes({
  root: "/spaces/{spaceId}/content",
  tags: ["space-content"],
  params: {
    root: SpaceContentParams,
    file: SpaceFileParams,
    page: SpacePageParams,
    path: SpacePathParams,
  },
  summaries: {
    revision: "Get the current revision of a space: its pages and files",
    pages: "List the pages of a space's current revision, as a tree",
    files: "List the files of a space's current revision",
    file: "Get a file of a space's current revision",
    page: "Get a page of a space's current revision, with its body",
    path: "Get a page of a space's current revision by its path",
  },
  target: (c, p) => mainTarget(c, p.spaceId!),
  page: (c, p, pageId) => mainHeadPage(c, p.spaceId!, pageId),
});

/** Reads of a change request's content at its working head (spec §4.6). */
const changeRequestContentRoutes = contentReadRoutes({
  root: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
  tags: ["change-requests"],
  params: {
    root: ChangeRequestContentParams,
    file: ChangeRequestFileParams,
    page: ChangeRequestPageParams,
    path: ChangeRequestPathParams,
  },
  summaries: {
    revision: "Get the revision of a change request: its pages and files",
    pages: "List the pages of a change request, as a tree",
    files: "List the files of a change request",
    file: "Get a file of a change request",
    page: "Get a page of a change request, with its body",
    path: "Get a page of a change request by its path",
  },
  target: (c, p) => changeRequestTarget(c, p.spaceId!, p.changeRequestId!),
});

/** Reads of any stored revision of a space, so its history can be read. */
const revisionRoutes = contentReadRoutes({
  root: "/spaces/{spaceId}/revisions/{revisionId}",
  tags: ["spaces"],
  params: {
    root: RevisionParams,
    file: RevisionFileParams,
    page: RevisionPageParams,
    path: RevisionPathParams,
  },
  summaries: {
    revision: "Get a revision of a space: its pages and files",
    pages: "List the pages of a revision, as a tree",
    files: "List the files of a revision",
    file: "Get a file of a revision",
    page: "Get a page of a revision, with its body",
    document: "Get the JSON document of a page in a revision",
    path: "Get a page of a revision by its path",
  },
  target: (c, p) => revisionTarget(c, p.spaceId!, p.revisionId!),
  page: (c, p, pageId) => revisionPage(c, p.spaceId!, p.revisionId!, pageId),
  document: (c, p, pageId) => revisionDocument(c, p.spaceId!, p.revisionId!, pageId),
  fixedByRevision: true,
});

/**
 * Mounts the content reads (main, change request, revisions), the history and revert, the signed
 * download and main's live rooms under /v1.
 */
export function mountContent(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", mainContentRoutes);
  app.route("/v1", changeRequestContentRoutes);
  app.route("/v1", revisionRoutes);
  app.route("/v1", templateRoutes);
  app.route("/v1", downloadRoutes);
  app.route("/v1", publishedFileRoutes);
  app.route("/v1", metaLinksRoutes);
  app.route("/v1", reusableContentRoutes);
  app.route("/v1", embedRoutes);
  app.route("/v1", changesRoutes);
  app.route("/v1", historyRoutes);
  app.route("/v1", mainLiveRoutes);
}
