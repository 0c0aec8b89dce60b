import { siteGrantOf } from "../../auth/site-reader";
import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveChangeRequest, resolveGrantedChangeRequest } from "../../auth/change-request";
import { resolveSpace } from "../../auth/space";
import { badRequest, conflict } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { apiUrl, urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse, noContent } from "../../api-document/common";
import { changeRequestPath, presentChangeRequest } from "../../presenters/change-request";
import { refreshLineRooms } from "../../services/collab/live-rooms";
import { inBackground } from "../../http/background";
import { applyContentBatch, createChangeRequest } from "../../services/change-requests/writes";
import {
  changeRequestPeoplePlan,
  updateChangeRequest,
  usersById,
} from "../../services/change-requests/change-requests";
import { contentRefFileIds, planTemplate } from "../../services/templates/plan";
import { slotFilesPlan } from "../../services/templates/slot-files";
import {
  ChangeRequestParams,
  ChangeRequestSchema,
  CreateChangeRequestBody,
  PreferHeader,
  SpaceChangeRequestsParams,
  UpdateChangeRequestBody,
} from "../../api/change-requests";

/** Creating, reading and updating one change request. */
export const changeRequestRoutes = createRouter();

changeRequestRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/change-requests",
    tags: ["change-requests"],
    summary: "Create a new change request in a space",
    request: { params: SpaceChangeRequestsParams, body: jsonBody(CreateChangeRequestBody) },
    responses: {
      201: jsonResponse(ChangeRequestSchema, "Change Request Created"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const input = c.req.valid("json");
    const { template } = input;
    const fileIds = template ? contentRefFileIds(template) : null;
    const slots = slotFilesPlan(c.get("db"), { spaceId }, fileIds);
    const found = await resolveSpace(c, spaceId, { with: slots.statements });
    requireScope(found.caller, "space:write");
    requireRole(found.role, "edit", "create a change request in this space");
    // A template is checked whole (id, slots, files, lock) before the change request exists.
    const changes = template
      ? planTemplate(template, slots.finish(found.results), {
          field: "template",
          content: "this space's content",
          spaceId,
        })
      : null;
    if (changes && found.space.editMode === "locked")
      throw conflict("This space is locked (editMode: locked): its content cannot be changed");
    let row = await createChangeRequest(c.get("db"), found.space, {
      userId: found.caller.user.id,
      subject: input.subject ?? "",
    });
    if (changes) {
      const userId = found.caller.user.id;
      const { FILES } = c.env;
      row = (await applyContentBatch(c.get("db"), FILES, found.space, row, userId, changes))
        .changeRequest;
    }
    c.header("Location", apiUrl(c, changeRequestPath(spaceId, row.id)));
    const view = { row, users: usersById([found.caller.user]), mainSeq: row.baseSeq };
    return c.json(presentChangeRequest(urlsOf(c), view), 201);
  },
);

changeRequestRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}",
    tags: ["change-requests"],
    summary: "Get a change request by its ID or number",
    request: { params: ChangeRequestParams },
    responses: {
      200: jsonResponse(ChangeRequestSchema, "The matching change request"),
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { spaceId, changeRequestId } = c.req.valid("param");
    const people = changeRequestPeoplePlan(c.get("db"), spaceId, changeRequestId);
    const grant = siteGrantOf(c);
    // A member's preview token (a site token with `draft`) reads the change requests it previews.
    const found = grant
      ? await resolveGrantedChangeRequest(c, grant, spaceId, changeRequestId, {
          with: people.statements,
        })
      : await resolveChangeRequest(c, spaceId, changeRequestId, {
          with: people.statements,
        }).then((member) => {
          requireScope(member.caller, "space:read");
          return member;
        });
    const view = {
      row: found.changeRequest,
      users: people.finish(found.results),
      mainSeq: found.space.mainSeq,
    };
    return c.json(presentChangeRequest(urlsOf(c), view), 200);
  },
);

changeRequestRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}",
    tags: ["change-requests"],
    summary: "Update a change request's subject, description, or status",
    request: {
      params: ChangeRequestParams,
      headers: PreferHeader,
      body: jsonBody(UpdateChangeRequestBody),
    },
    responses: {
      200: jsonResponse(ChangeRequestSchema, "The change request has been updated"),
      ...noContent,
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { spaceId, changeRequestId } = c.req.valid("param");
    const { links, ...patch } = c.req.valid("json");
    const { prefer } = c.req.valid("header");
    const people = changeRequestPeoplePlan(c.get("db"), spaceId, changeRequestId);
    const found = await resolveChangeRequest(c, spaceId, changeRequestId, {
      with: people.statements,
    });
    requireScope(found.caller, "space:write");
    requireRole(found.role, "edit", "update this change request");
    if (links !== undefined) {
      throw badRequest("body.links: external links on change requests are not supported");
    }
    const row = await updateChangeRequest(c.get("db"), found.changeRequest, patch);
    // An archived change request's live rooms close their sockets (4409).
    if (row.status === "archived" && found.changeRequest.status !== "archived") {
      await inBackground(c, "live rooms after an archive", (db) =>
        refreshLineRooms(db, c.env.COLLAB_ROOMS, row.id),
      );
    }
    if (prefer === "return=minimal") {
      c.header("Preference-Applied", "return=minimal");
      return c.body(null, 204);
    }
    const view = { row, users: people.finish(found.results), mainSeq: found.space.mainSeq };
    return c.json(presentChangeRequest(urlsOf(c), view), 200);
  },
);
