import { Hono, type Context } from "hono";
import { ApiRefusal, isRefusal } from "../../api/client";
import type { ListPage, Organization } from "../../api/types";
import { readForm, type FormPost } from "../../http/forms";
import { htmlResponse, seeOther } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { messageResponse } from "../../layout/message";
import { personOr } from "../../session/session";
import { inviteBody, memberRoleOf } from "../invite/member-role";
import { readIdpMetadata } from "./saml-metadata";
import type { OidcProvider, SamlProvider } from "./sso-sections";
import type { OrgDomain } from "./domains-section";
import { orgSignInPage, type InviteLink, type OrgSignInView } from "./view";

/**
 * `/org/{organizationId}/settings/sign-in`: an organization's ways in and its e-mail domains, for its admins (others
 * see a 403 page; an organization they cannot see is the 404 of nothing). Each action is a form
 * post calling one API operation with the session's CSRF token, then the screen again saying
 * what it did; a refusal shows the screen with the API's reason.
 */
export const orgSettingsRoutes = new Hono<ScreenEnv>();

const PATH = "/org/:org/settings/sign-in";

/** What `?done=` says. */
const DONE: Readonly<Record<string, string>> = {
  passwords: "The password policy is saved.",
  "saml-added": "The SAML provider is added.",
  "saml-removed": "The SAML provider is removed.",
  "oidc-added": "The OpenID Connect provider is added.",
  "oidc-removed": "The OpenID Connect provider is removed.",
  enforced: "Single sign-on is now required of members.",
  "not-enforced": "Single sign-on is no longer required of members.",
  invited: "The invites are sent.",
  "link-created": "The invite link is created.",
  "link-deleted": "The invite link is deleted.",
  "domain-added": "The domain is added: publish its TXT record, then check it.",
  "domain-checked": "The domain is checked: its status and the last check say what was found.",
  "domain-removed": "The domain is removed.",
};

/** The organization's API path. */
function orgPath(c: Context<ScreenEnv>): string {
  return `/orgs/${encodeURIComponent(c.req.param("org") ?? "")}`;
}

/** The screen, with what an action left to say. */
async function screen(c: Context<ScreenEnv>, extra: Partial<OrgSignInView> = {}, status = 200) {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const api = c.var.api;
  const org = await api.get<Organization>(orgPath(c));
  if (!org.permissions?.admin) {
    return messageResponse(
      {
        title: "Administrators only",
        message: <p>Only administrators of {org.title} change how its members sign in.</p>,
        links: [["Go to your organizations", "/"]],
        person,
      },
      403,
    );
  }
  const [settings, saml, oidc, links, domains] = await Promise.all([
    api.get<{ passwordsAllowed: boolean }>(`${orgPath(c)}/sign-in-settings`),
    api.get<ListPage<SamlProvider>>(`${orgPath(c)}/saml`, { limit: 100 }),
    api.get<ListPage<OidcProvider>>(`${orgPath(c)}/oidc-providers`, { limit: 20 }),
    api.get<ListPage<InviteLink>>(`${orgPath(c)}/link-invites`, { limit: 100 }),
    api.get<ListPage<OrgDomain>>(`${orgPath(c)}/domains`, { limit: 50 }),
  ]);
  const view: OrgSignInView = {
    person,
    org,
    passwordsAllowed: settings.passwordsAllowed,
    saml: saml.items,
    oidc: oidc.items,
    links: links.items,
    domains: domains.items,
    origin: new URL(c.req.url).origin,
    ...extra,
  };
  return htmlResponse(orgSignInPage(view), status);
}

orgSettingsRoutes.get(PATH, (c) => screen(c, { done: DONE[c.req.query("done") ?? ""] ?? null }));

/** Runs one API call of a form, then the screen again (or with the refusal's reason). */
function action(
  path: string,
  done: string,
  call: (c: Context<ScreenEnv>, f: FormPost) => Promise<unknown>,
) {
  orgSettingsRoutes.post(`${PATH}${path}`, async (c) => {
    const form = await readForm(c);
    try {
      await call(c, form);
    } catch (error) {
      if (!isRefusal(error, 400, 403, 409)) throw error;
      return screen(c, { error: error.message }, error.status);
    }
    return seeOther(
      `${new URL(c.req.url).pathname.replace(/\/settings\/sign-in\/.*$/, "/settings/sign-in")}?done=${done}`,
    );
  });
}

action("/passwords", "passwords", (c, f) =>
  c.var.api.patch(`${orgPath(c)}/sign-in-settings`, {
    body: { passwordsAllowed: f.text("passwordsAllowed") === "yes" },
    csrf: f.csrf,
  }),
);

action("/saml", "saml-added", (c, f) => {
  // Pasted metadata fills the IdP's values; typed ones are used when it is empty.
  const metadata = f.text("metadata").trim();
  const read = metadata ? readIdpMetadata(metadata) : null;
  if (read && !read.ok) {
    throw new ApiRefusal(400, `The metadata XML has no ${read.missing}`);
  }
  return c.var.api.post(`${orgPath(c)}/saml`, {
    body: {
      label: f.text("label").trim(),
      entityID: read?.entityID ?? f.text("entityID").trim(),
      ssoURL: read?.ssoURL ?? f.text("ssoURL").trim(),
      certificate: read?.certificate ?? f.text("certificate").trim(),
    },
    csrf: f.csrf,
  });
});

action("/oidc", "oidc-added", (c, f) =>
  c.var.api.post(`${orgPath(c)}/oidc-providers`, {
    body: {
      title: f.text("title").trim(),
      issuer: f.text("issuer").trim(),
      clientId: f.text("clientId").trim(),
      clientSecret: f.text("clientSecret"),
      defaultRole: memberRoleOf(f),
    },
    csrf: f.csrf,
  }),
);

action("/oidc/:id/delete", "oidc-removed", (c, f) =>
  c.var.api.delete(`${orgPath(c)}/oidc-providers/${encodeURIComponent(c.req.param("id") ?? "")}`, {
    csrf: f.csrf,
  }),
);

// The `done` word is chosen after the call: one path, two outcomes.
orgSettingsRoutes.post(`${PATH}/enforce`, async (c) => {
  const form = await readForm(c);
  const sso = form.text("sso") === "yes";
  try {
    await c.var.api.patch(orgPath(c), { body: { sso }, csrf: form.csrf });
  } catch (error) {
    if (!isRefusal(error, 400, 403, 409)) throw error;
    return screen(c, { error: error.message }, error.status);
  }
  return seeOther(
    `${new URL(c.req.url).pathname.replace(/\/enforce$/, "")}?done=${sso ? "enforced" : "not-enforced"}`,
  );
});

action("/saml/:id/delete", "saml-removed", (c, f) =>
  c.var.api.delete(`${orgPath(c)}/saml/${encodeURIComponent(c.req.param("id") ?? "")}`, {
    csrf: f.csrf,
  }),
);

action("/invites", "invited", (c, f) =>
  c.var.api.post(`${orgPath(c)}/invites`, {
    body: inviteBody(f),
    csrf: f.csrf,
  }),
);

action("/link-invites", "link-created", (c, f) =>
  c.var.api.post(`${orgPath(c)}/link-invites`, { body: { role: memberRoleOf(f) }, csrf: f.csrf }),
);

action("/link-invites/:id/delete", "link-deleted", (c, f) =>
  c.var.api.delete(`${orgPath(c)}/link-invites/${encodeURIComponent(c.req.param("id") ?? "")}`, {
    csrf: f.csrf,
  }),
);

/** A domain of the path, as the API's path wants it. */
function domainPath(c: Context<ScreenEnv>): string {
  return `${orgPath(c)}/domains/${encodeURIComponent(c.req.param("domain") ?? "")}`;
}

action("/domains", "domain-added", (c, f) =>
  c.var.api.post(`${orgPath(c)}/domains`, { body: { domain: f.text("domain") }, csrf: f.csrf }),
);

action("/domains/:domain/check", "domain-checked", (c, f) =>
  c.var.api.post(`${domainPath(c)}/check`, { csrf: f.csrf }),
);

action("/domains/:domain/delete", "domain-removed", (c, f) =>
  c.var.api.delete(domainPath(c), { csrf: f.csrf }),
);
