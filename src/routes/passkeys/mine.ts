import { createRoute } from "@hono/zod-openapi";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { authenticate } from "../../auth/caller";
import { requireScope } from "../../auth/organization";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import {
  CreatePasskeyBody,
  PasskeyParams,
  PasskeySchema,
  RenamePasskeyBody,
  WebAuthnOptionsSchema,
} from "../../api/passkeys";
import { presentPasskey } from "../../presenters/passkey";
import { listPasskeys, removePasskey, renamePasskey } from "../../services/passkeys/passkeys";
import { registerPasskey, registrationOptions } from "../../services/passkeys/register";
import { relyingPartyOf } from "../../services/passkeys/relying-party";

/** The caller's own passkeys: register, list, rename, remove (Quire extensions). */
export const myPasskeyRoutes = createRouter();

/** The signed-in person registering, with the credential (session or token) they ask with. */
async function registrant(c: Context<AppEnv>) {
  const caller = await authenticate(c);
  requireScope(caller, "user:write");
  return {
    userId: caller.user.id,
    email: caller.user.email,
    displayName: caller.user.displayName,
    credentialId: caller.token.id,
  };
}

myPasskeyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/user/passkey-options",
    tags: ["sessions"],
    summary: "Start registering a passkey",
    description:
      "WebAuthn registration options for `navigator.credentials.create` (a discoverable " +
      "credential for this deployment's app host). The challenge is single use, for 5 minutes, " +
      "and bound to the session or token that asked.",
    responses: { 200: jsonResponse(WebAuthnOptionsSchema, "OK"), ...errorResponses(403, 409) },
  }),
  async (c) => {
    const who = await registrant(c);
    const options = await registrationOptions(c.get("db"), relyingPartyOf(c.env), who);
    return c.json(options, 200);
  },
);

myPasskeyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/user/passkeys",
    tags: ["sessions"],
    summary: "Register a passkey",
    description:
      "Verifies the browser's answer to the registration options (challenge, the app's origin, " +
      "its host as RP id) and stores the passkey under its name.",
    request: { body: jsonBody(CreatePasskeyBody) },
    responses: {
      201: jsonResponse(PasskeySchema, "Created"),
      ...errorResponses(400, 403, 409),
    },
  }),
  async (c) => {
    const who = await registrant(c);
    const body = c.req.valid("json");
    const row = await registerPasskey(
      c.get("db"),
      relyingPartyOf(c.env),
      who,
      body.name,
      body.response as unknown as RegistrationResponseJSON,
    );
    return c.json(presentPasskey(row), 201);
  },
);

myPasskeyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/user/passkeys",
    tags: ["sessions"],
    summary: "List the caller's passkeys",
    description: "At most 20 per person, so one page; oldest first.",
    responses: { 200: jsonResponse(listOf(PasskeySchema), "OK"), ...errorResponses(403) },
  }),
  async (c) => {
    const caller = await authenticate(c);
    requireScope(caller, "user:read");
    const { rows, count } = await listPasskeys(c.get("db"), caller.user.id);
    return c.json({ count, items: rows.map(presentPasskey) }, 200);
  },
);

myPasskeyRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/user/passkeys/{passkeyId}",
    tags: ["sessions"],
    summary: "Rename one of the caller's passkeys",
    request: { params: PasskeyParams, body: jsonBody(RenamePasskeyBody) },
    responses: { 200: jsonResponse(PasskeySchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const caller = await authenticate(c);
    requireScope(caller, "user:write");
    const { passkeyId } = c.req.valid("param");
    const { name } = c.req.valid("json");
    const row = await renamePasskey(c.get("db"), caller.user.id, passkeyId, name);
    if (!row) throw notFound("Passkey");
    return c.json(presentPasskey(row), 200);
  },
);

myPasskeyRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/user/passkeys/{passkeyId}",
    tags: ["sessions"],
    summary: "Remove one of the caller's passkeys",
    request: { params: PasskeyParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const caller = await authenticate(c);
    requireScope(caller, "user:write");
    const { passkeyId } = c.req.valid("param");
    if (!(await removePasskey(c.get("db"), caller.user.id, passkeyId))) {
      throw notFound("Passkey");
    }
    return c.body(null, 204);
  },
);
