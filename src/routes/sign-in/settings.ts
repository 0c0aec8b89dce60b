import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { createRouter } from "../../http/router";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { setSignInSettings, signInSettingsOf } from "../../services/sign-in/org-policy";
import { OrgParams } from "../../api/organizations";
import { SignInSettingsBody, SignInSettingsSchema } from "../../api/sign-in";

/** An organization's sign-in settings (a Quire extension): whether passwords are allowed. */
export const signInSettingsRoutes = createRouter();

signInSettingsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sign-in-settings",
    tags: ["organizations"],
    summary: "Quire: the organization's sign-in settings (members)",
    request: { params: OrgParams },
    responses: {
      200: jsonResponse(SignInSettingsSchema, "OK"),
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:read");
    return c.json(await signInSettingsOf(c.get("db"), organizationId), 200);
  },
);

signInSettingsRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/sign-in-settings",
    tags: ["organizations"],
    summary:
      "Quire: change the organization's sign-in settings (admins); passwordsAllowed false refuses its members' password sign-in",
    request: { params: OrgParams, body: jsonBody(SignInSettingsBody) },
    responses: {
      200: jsonResponse(SignInSettingsSchema, "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:write");
    requireRole(access.role, "admin", "change the sign-in settings");
    const body = c.req.valid("json");
    return c.json(await setSignInSettings(c.get("db"), organizationId, body), 200);
  },
);
