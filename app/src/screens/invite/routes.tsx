import { Hono } from "hono";
import { isRefusal } from "../../api/client";
import { readForm } from "../../http/forms";
import { htmlResponse, seeOther } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { AppForm, Field, Submit } from "../../layout/forms";
import { when } from "../../layout/format";
import { htmlDocument, Shell } from "../../layout/shell";
import { messageResponse } from "../../layout/message";
import { formToken } from "../../session/session";

/**
 * Sign-up from an e-mail invite (`<app>/invite/{inviteId}?token=…`, mailed by
 * `POST /v1/orgs/{id}/invites`): the screen shows what the invite offers
 * (`GET /v1/sessions/invite`, which spends nothing) and a form with the name to join under; the
 * post accepts it (`POST /v1/sessions/invite`), which creates the person if new, joins the
 * organization with the invite's role and signs in.
 */
export const inviteRoutes = new Hono<ScreenEnv>();

/** What the invite offers. */
interface EmailInvite {
  organization: { id: string; title: string };
  email: string;
  role: string | null;
  expiresAt: string;
}

/** The page of an invite that cannot be used (expired, used, not valid). */
function refused(detail: string, status: number): Response {
  return messageResponse(
    {
      title: "This invite cannot be used",
      message: (
        <>
          <p>
            This invite has expired, was already used, or is not valid. Ask the person who invited
            you for a new one. Nothing was changed.
          </p>
          <p class="a-hint">Detail: {detail}</p>
        </>
      ),
      links: [["Sign in", "/sign-in"]],
    },
    status,
  );
}

inviteRoutes.get("/invite/:inviteId", async (c) => {
  const inviteId = c.req.param("inviteId").slice(0, 64);
  const token = (c.req.query("token") ?? "").slice(0, 200);
  let invite: EmailInvite;
  try {
    invite = await c.var.api.get<EmailInvite>("/sessions/invite", { inviteId, token });
  } catch (error) {
    if (!isRefusal(error, 400, 404, 410)) throw error;
    return refused(error.message, error.status === 400 ? 404 : error.status);
  }
  const html = htmlDocument(
    <Shell title={`Join ${invite.organization.title}`} narrow>
      <h1>Join {invite.organization.title}</h1>
      <p class="a-message">
        You are invited as <strong>{invite.email}</strong>, with the role{" "}
        <strong>{invite.role ?? "guest"}</strong>. The invite works once, until{" "}
        {when(invite.expiresAt)}.
      </p>
      <AppForm
        action={`/invite/${encodeURIComponent(inviteId)}`}
        csrf={await formToken(c)}
        label="Accept the invite"
      >
        <input type="hidden" name="token" value={token} />
        <Field
          name="displayName"
          label="Your name"
          autocomplete="name"
          maxlength={100}
          hint="How the others see you. Leave empty if you already have an account."
        />
        <Submit label={`Join ${invite.organization.title}`} />
      </AppForm>
    </Shell>,
  );
  return htmlResponse(html);
});

inviteRoutes.post("/invite/:inviteId", async (c) => {
  const form = await readForm(c);
  const displayName = form.text("displayName").trim();
  try {
    await c.var.api.post("/sessions/invite", {
      body: {
        inviteId: c.req.param("inviteId"),
        token: form.text("token"),
        ...(displayName ? { displayName } : {}),
      },
      csrf: form.csrf,
    });
  } catch (error) {
    if (!isRefusal(error, 400, 403, 404, 410)) throw error;
    return refused(error.message, error.status);
  }
  return seeOther("/");
});
