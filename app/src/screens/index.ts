import { Hono } from "hono";
import type { ScreenEnv } from "../http/screen-env";
import { accountRoutes } from "./account/routes";
import { adminRoutes } from "./admin/routes";
import { homeRoutes } from "./home/routes";
import { pendingInviteRoutes } from "./home/invites";
import { inviteRoutes } from "./invite/routes";
import { joinRoutes } from "./join/routes";
import { notBuiltRoutes } from "./not-built";
import { orgRoutes } from "./org/routes";
import { orgSettingsRoutes } from "./org-settings/routes";
import { outboxRoutes } from "./outbox/routes";
import { permissionRoutes } from "./permissions/routes";
import { changesRoutes } from "./changes/routes";
import { callbackRoutes } from "./sign-in/callbacks";
import { editorRoutes } from "./editor/routes";
import { revisionRoutes } from "./revisions/routes";
import { signInRoutes } from "./sign-in/routes";
import { spaceRoutes } from "./space/routes";

/**
 * Every screen of the app, by feature (screens/<feature>/: its routes and its views). The editor
 * (issue 37) adds its features here beside the sign-in and settings screens, and takes the
 * prefixes of `not-built.ts` as it builds them.
 */
export const screenRoutes = new Hono<ScreenEnv>();

screenRoutes.route("/", homeRoutes);
screenRoutes.route("/", pendingInviteRoutes);
screenRoutes.route("/", signInRoutes);
screenRoutes.route("/", callbackRoutes);
screenRoutes.route("/", outboxRoutes);
screenRoutes.route("/", accountRoutes);
screenRoutes.route("/", orgSettingsRoutes);
screenRoutes.route("/", inviteRoutes);
screenRoutes.route("/", joinRoutes);
screenRoutes.route("/", adminRoutes);
screenRoutes.route("/", permissionRoutes);
screenRoutes.route("/", changesRoutes);
screenRoutes.route("/", orgRoutes);
screenRoutes.route("/", editorRoutes);
screenRoutes.route("/", revisionRoutes);
screenRoutes.route("/", notBuiltRoutes);
// After the not-built prefixes: `/s/{spaceId}/~/…` (change requests, revisions, and what is
// not built) is theirs.
screenRoutes.route("/", spaceRoutes);
