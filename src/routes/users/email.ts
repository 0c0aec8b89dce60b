import { createRoute } from "@hono/zod-openapi";
import { authenticate, type Caller } from "../../auth/caller";
import { requireScope } from "../../auth/organization";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { forbidden } from "../../lib/errors";
import { MailNotConfigured } from "../../mail";
import { mailTransport } from "../../mail/config";
import { errorResponses, jsonBody, jsonResponse, UserSchema } from "../../api-document/common";
import { presentUser } from "../../presenters/user";
import {
  confirmEmailChange,
  pendingChangeOf,
  requestEmailChange,
} from "../../services/sign-in/email-change";
import {
  EmailChangeBody,
  EmailChangeConfirmBody,
  EmailSentSchema,
  EmailStateSchema,
} from "../../api/sign-in";

/** Changing one's e-mail address (a Quire extension): ask, see what waits, confirm. */
export const emailChangeRoutes = createRouter();

/** The caller when it is a session: the address is a way in, so no API token may move it. */
async function sessionCaller(c: Parameters<typeof authenticate>[0]): Promise<Caller> {
  const caller = await authenticate(c);
  if (caller.token.kind !== "session") {
    throw forbidden("An e-mail address is changed from a signed-in session, not with an API token");
  }
  requireScope(caller, "user:write");
  return caller;
}

emailChangeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/user/email",
    tags: ["users"],
    summary: "Quire: the caller's e-mail address, whether it is verified, and a change waiting",
    responses: { 200: jsonResponse(EmailStateSchema, "OK"), ...errorResponses(403) },
  }),
  async (c) => {
    const caller = await authenticate(c);
    requireScope(caller, "user:read");
    const { user } = caller;
    const pending = await pendingChangeOf(c.get("db"), user.id);
    return c.json({ email: user.email, verified: user.emailVerified, pending }, 200);
  },
);

emailChangeRoutes.openapi(
  createRoute({
    method: "post",
    path: "/user/email",
    tags: ["users"],
    summary:
      "Quire: ask to change the signed-in person's address: a link and a 6-digit code go to the new one, a notice to the old (202 whether or not the address is taken; sessions only)",
    request: { body: jsonBody(EmailChangeBody) },
    responses: {
      202: jsonResponse(EmailSentSchema, "Sent if the address can receive it"),
      ...errorResponses(400, 403, 409),
    },
  }),
  async (c) => {
    const caller = await sessionCaller(c);
    const transport = mailTransport(c.env);
    if (transport.kind === "none") throw new MailNotConfigured(transport.reason);
    const { email } = c.req.valid("json");
    await requestEmailChange(
      c.get("db"),
      c.env,
      { user: caller.user, sessionId: caller.token.id },
      email,
    );
    return c.json({ sent: true as const }, 202);
  },
);

emailChangeRoutes.openapi(
  createRoute({
    method: "post",
    path: "/user/email/confirm",
    tags: ["users"],
    summary:
      "Quire: confirm an address change with the message's link token or code (the person who asked, signed in; 409 when another account took the address meanwhile)",
    request: { body: jsonBody(EmailChangeConfirmBody) },
    responses: {
      200: jsonResponse(UserSchema, "The address is changed (and verified)"),
      ...errorResponses(400, 403, 409, 410, 429),
    },
  }),
  async (c) => {
    const caller = await sessionCaller(c);
    const body = c.req.valid("json");
    const proof = body.token !== undefined ? { token: body.token } : { code: body.code ?? "" };
    const email = await confirmEmailChange(c.get("db"), c.env, caller.user, proof);
    return c.json(presentUser(urlsOf(c), { ...caller.user, email }), 200);
  },
);
