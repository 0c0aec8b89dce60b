import { beforeAll, describe, expect, it } from "vitest";
import { VISITOR_ADDRESS_HEADER } from "../../core/requests/client-address";
import { appFetch, APP_ORIGIN, postForm, screenOf } from "../helpers/app-fetch";
import { makeOrg, makeMember, type TestUser } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { readMembership, readOrg, uniqueDomain } from "../helpers/organizations-factories";
import { makeSpace, grantsOnSpace, readSpace } from "../helpers/spaces-factories";
import { makeBareTeam, makeCollection } from "../helpers/collections-factories";
import { makeSite } from "../helpers/sites-factories";
import { call } from "../helpers/api";
import { createTestIdp } from "../helpers/saml-idp";
import { markOperatorVerified, publishTxt } from "../helpers/domains";
import { readIdpMetadata } from "../../app/src/screens/org-settings/saml-metadata";
import { emptyStorage } from "../helpers/storage";

/**
 * The app Worker (app/) through its real fetch entry, its `API` binding on the API Worker's own
 * entry through the `AppGateway`'s bindings (app/wrangler.toml's service binding, in one
 * runtime): what reaches the API from a browser's request, the screens' security headers, the
 * cross-site refusals, and the account's token form end to end. The flows in a browser are
 * test-browser/sign-in.mjs.
 */

const APP = APP_ORIGIN;

/** A form post as the app's own page sends it. */
function form(session: TestSession, fields: Record<string, string>, origin = APP): RequestInit {
  return {
    method: "POST",
    headers: {
      Cookie: session.cookie,
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ csrf: session.csrf, ...fields }).toString(),
  };
}

/**
 * The single sign-on part of an organization's sign-in settings (app/src/screens/org-settings/)
 * through the app's entry and the real API: a SAML provider added from pasted metadata XML and
 * removed, SSO required and no longer; an OIDC provider added by its issuer's discovery (the real
 * provider of test/network/oidc.ts), its secret never shown back, offered on `/sign-in?org=` beside
 * the SAML one, and removed; an OIDC provider's refusal shown; a non-admin sees none of it; an
 * e-mail domain added, its TXT record shown to copy, checked once published, and removed; one the
 * operator verified shown as such.
 */

/** An IdP's metadata document as IdPs publish it (namespaced, a signing key, two bindings). */
function metadataOf(idp: { entityID: string; ssoURL: string; certificatePem: string }) {
  const body = idp.certificatePem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${idp.entityID}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="encryption"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>AAAA</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>
      ${body}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${idp.ssoURL}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

describe("app-worker", () => {
  describe("the app Worker", () => {
    let session: TestSession;
    let orgTitle: string;
    beforeAll(async () => {
      const { org, owner } = await makeOrg();
      orgTitle = org.title;
      session = await makeSession(owner.user.id);
    });

    it("passes /v1 to the API unchanged, names the visitor itself and returns Set-Cookie", async () => {
      const { res, calls } = await appFetch("/v1/session", {
        method: "DELETE",
        headers: {
          Cookie: session.cookie,
          Origin: APP,
          "X-Quire-CSRF": session.csrf,
          "User-Agent": "browser/1",
          "CF-Connecting-IP": "203.0.113.9",
          [VISITOR_ADDRESS_HEADER]: "198.51.100.1",
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.getSetCookie().join()).toMatch(/^quire_session=;/);
      const [call] = calls;
      expect(call?.path).toBe("/v1/session");
      expect(call?.headers.get("Cookie")).toBe(session.cookie);
      expect(call?.headers.get("Origin")).toBe(APP);
      expect(call?.headers.get("User-Agent")).toBe("browser/1");
      // The address the trusted header names, never the one the browser wrote.
      expect(call?.headers.get(VISITOR_ADDRESS_HEADER)).toBe("203.0.113.9");
      session = await makeSession(session.userId);
    });

    it("answers the ways in (GET /v1/sessions/ways) without a credential", async () => {
      const { res, text } = await appFetch("/v1/sessions/ways");
      expect(res.status).toBe(200);
      // The suite's mail is the outbox; its one deployment OIDC provider is the test IdP.
      expect(JSON.parse(text)).toEqual({
        email: true,
        passkey: true,
        password: true,
        oidc: [
          { id: "idp", title: "Example IdP" },
          { id: "github", title: "GitHub" },
        ],
        saml: true,
        outbox: true,
      });
    });

    it("serves screens under a strict CSP, with no inline script", async () => {
      const { res, text } = await appFetch("/sign-in");
      expect(res.status).toBe(200);
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|https:/);
      expect(text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(text).toContain('action="/sign-in/email"');
    });

    it.each([
      ["another site", "https://evil.example"],
      ["no Origin at all", ""],
    ])("refuses a form from %s before calling the API", async (_, origin) => {
      const init = form(session, { label: "forged" }, origin);
      if (!origin) (init.headers as Record<string, string>).Origin = "";
      const { res, text, calls } = await appFetch("/account/tokens", init);
      expect(res.status).toBe(403);
      expect(text).toContain("Cross-site request refused");
      expect(calls).toEqual([]);
    });

    it("lists the person's organizations and keeps `next` inside the app", async () => {
      const home = await appFetch("/", { headers: { Cookie: session.cookie } });
      expect(home.res.status).toBe(200);
      expect(home.text).toContain(orgTitle);
      const away = await appFetch("/sign-in?next=//evil.example/x", {
        headers: { Cookie: session.cookie },
      });
      expect(away.res.headers.get("Location")).toBe("/");
      const signedOut = await appFetch("/account");
      expect(signedOut.res.headers.get("Location")).toBe("/sign-in?next=%2Faccount");
    });

    it("creates a token from the account's form; a wrong CSRF token is the API's 403", async () => {
      const made = await appFetch("/account/tokens", form(session, { label: "ci", expires: "7" }));
      expect(made.res.status).toBe(201);
      expect(made.text).toMatch(/id="new-token-secret">quire_[\w-]{43}</);
      const forged = await appFetch(
        "/account/tokens",
        form({ ...session, csrf: "0".repeat(64) }, { label: "forged" }),
      );
      expect(forged.res.status).toBe(403);
      expect(forged.calls.map((c) => c.path)).toContain("/v1/user/tokens");
    });
  });
});

describe("admin-screens", () => {
  beforeAll(emptyStorage);
  /**
   * The publishing and administration screens (app/src/screens/admin/) through the app's entry
   * and the real API: an admin creates a site, publishes a space in it, publishes it and makes a
   * share link; changes a member's role, disables and enables one; creates a team. A reader sees the same screens without a
   * single admin form, and the API refuses the post anyway. In a browser: test-browser/admin.mjs.
   */

  describe("the admin screens", () => {
    let orgId: string;
    let admin: TestSession;
    let reader: TestSession;
    let readerUser: TestUser;
    let spaceTitle: string;
    let spaceId: string;
    beforeAll(async () => {
      const { org, owner } = await makeOrg();
      orgId = org.id;
      readerUser = await makeMember(org.id, "read");
      const space = await makeSpace(org.id, owner);
      spaceTitle = space.title;
      spaceId = space.id;
      [admin, reader] = await Promise.all([
        makeSession(owner.user.id),
        makeSession(readerUser.user.id),
      ]);
    });

    it("creates a site with a space, publishes it and makes a share link", async () => {
      const list = await screenOf(admin, `/o/${orgId}/sites`);
      expect(list.res.status).toBe(200);
      expect(list.text).toContain('aria-label="New site"');
      expect(list.text).toContain(`<option value="${spaceId}">${spaceTitle}</option>`);
      const created = await postForm(admin, `/o/${orgId}/sites`, {
        title: "Handbook",
        visibility: "share-link",
        space: spaceId,
      });
      expect(created.res.status).toBe(303);
      const sitePath = created.res.headers.get("Location")?.split("?")[0] ?? "";
      expect(sitePath).toMatch(new RegExp(`^/o/${orgId}/sites/[\\w-]+$`));
      const site = await screenOf(admin, sitePath);
      expect(site.text).toContain(spaceTitle);
      expect(site.text).toContain(">Publish<");
      expect((await postForm(admin, `${sitePath}/publish`)).res.status).toBe(303);
      const link = await postForm(admin, `${sitePath}/share-links`, { name: "Partners" });
      expect(link.res.status).toBe(303);
      const after = await screenOf(admin, sitePath);
      expect(after.text).toContain('id="open-reader"');
      expect(after.text).toMatch(/class="a-share-url"[^>]*value="[^"]*\?share=/);
      // A reader sees the site, without any form that manages it; the API refuses anyway.
      const asReader = await screenOf(reader, sitePath);
      expect(asReader.res.status).toBe(200);
      expect(asReader.text).not.toMatch(/action="[^"]*\/(publish|unpublish|share-links|delete)"/);
      const refused = await postForm(reader, `${sitePath}/unpublish`);
      expect(refused.res.status).toBe(403);
      expect(refused.paths).toContain(
        `POST /v1/orgs/${orgId}/sites/${sitePath.split("/").pop()}/unpublish`,
      );
    });

    it("changes a member's role; a reader sees the list without role forms", async () => {
      const members = await screenOf(admin, `/o/${orgId}/settings/members`);
      expect(members.text).toContain(`role-${readerUser.user.id}`);
      const changed = await postForm(
        admin,
        `/o/${orgId}/settings/members/${readerUser.user.id}/role`,
        { role: "comment" },
      );
      expect(changed.res.status).toBe(303);
      expect((await readMembership(orgId, readerUser.user.id))?.role).toBe("comment");
      const asReader = await screenOf(reader, `/o/${orgId}/settings/members`);
      expect(asReader.res.status).toBe(200);
      expect(asReader.text).not.toContain("<select");
      expect(asReader.text).not.toContain('aria-label="Invite by e-mail"');
      const refused = await postForm(reader, `/o/${orgId}/settings/members/${admin.userId}/role`, {
        role: "read",
      });
      expect(refused.res.status).toBe(403);
    });

    it("disables a member after its confirmation screen (signed out), and enables them again", async () => {
      const person = await makeMember(orgId, "edit");
      const theirs = await makeSession(person.user.id);
      const path = `/o/${orgId}/settings/members/${person.user.id}`;
      const list = await screenOf(admin, `/o/${orgId}/settings/members`);
      expect(list.text).toContain(`href="${path}/disable"`);
      const confirm = await screenOf(admin, `${path}/disable`);
      expect(confirm.res.status).toBe(200);
      expect(confirm.text).toMatch(/<h1>Disable [^<]+\?<\/h1>/);
      expect(confirm.text).toContain(`action="${path}/disable"`);
      expect(confirm.text).toContain('name="csrf"');
      expect((await readMembership(orgId, person.user.id))?.disabled).toBe(false);
      // Another site's form, or one without the session's CSRF token, changes nothing.
      const cross = await appFetch(`${path}/disable`, form(admin, {}, "https://evil.example"));
      expect([cross.res.status, cross.paths]).toEqual([403, []]);
      const noToken = await appFetch(`${path}/disable`, form({ ...admin, csrf: "" }, {}));
      expect(noToken.res.status).toBe(403);
      expect((await readMembership(orgId, person.user.id))?.disabled).toBe(false);
      const done = await postForm(admin, `${path}/disable`);
      expect(done.res.status).toBe(303);
      expect(done.paths).toContain(`PATCH /v1/orgs/${orgId}/members/${person.user.id}`);
      expect((await readMembership(orgId, person.user.id))?.disabled).toBe(true);
      const signedOut = await screenOf(theirs, `/o/${orgId}/settings/members`);
      expect(signedOut.res.headers.get("Location")).toMatch(/^\/sign-in\?next=/);
      const after = await screenOf(admin, `/o/${orgId}/settings/members?done=disabled`);
      expect(after.text).toContain(`href="${path}/enable"`);
      expect(after.text).toMatch(/member is disabled/);
      expect((await postForm(admin, `${path}/enable`)).res.status).toBe(303);
      expect((await readMembership(orgId, person.user.id))?.disabled).toBe(false);
      // A reader gets no confirmation screen, and the API refuses their post.
      expect((await screenOf(reader, `${path}/disable`)).res.status).toBe(404);
      expect((await postForm(reader, `${path}/disable`)).res.status).toBe(403);
      // The last admin: the screen says why.
      const last = await postForm(admin, `/o/${orgId}/settings/members/${admin.userId}/disable`);
      expect(last.res.status).toBe(409);
      expect(last.text).toMatch(/last admin of an organization cannot be disabled/);
    });

    it("creates a team and shows its page", async () => {
      const made = await postForm(admin, `/o/${orgId}/settings/teams`, { title: "Writers" });
      expect(made.res.status).toBe(303);
      const team = await screenOf(admin, made.res.headers.get("Location") ?? "");
      expect(team.text).toContain("<h1>Writers</h1>");
      expect(team.text).toContain('aria-label="Add a member"');
    });

    it("shows a refusal's reason on the screen, and the not-found of nothing to outsiders", async () => {
      const bad = await postForm(admin, `/o/${orgId}/settings/teams`, { title: "" });
      expect(bad.res.status).toBe(400);
      expect(bad.text).toContain('role="alert"');
      const outsider = await makeSession((await makeOrg()).owner.user.id);
      const hidden = await screenOf(outsider, `/o/${orgId}/sites`);
      const nothing = await screenOf(outsider, `/o/nothing-here/sites`);
      expect(hidden.res.status).toBe(404);
      expect(hidden.text).toBe(nothing.text);
      const signedOut = await screenOf({ ...admin, cookie: "" }, `/o/${orgId}/settings/members`);
      expect(signedOut.res.headers.get("Location")).toMatch(/^\/sign-in\?next=/);
    });
  });
});

describe("permission-screens", () => {
  beforeAll(emptyStorage);
  /**
   * The permissions screens (app/src/screens/permissions) through the app's entry and the real
   * API: an admin finds a member and invites them, invites a team, changes a role, removes, sets
   * the default level, on a space and on a collection (and, without a default level, on a site);
   * a reader sees who has access without a
   * form and the API refuses their post; an outsider gets the same 404 as for nothing.
   */

  describe("the permissions screens", () => {
    let orgId: string;
    let admin: TestSession;
    let reader: TestSession;
    let outsider: TestSession;
    let guest: TestUser;
    let teamId: string;
    let spaceId: string;
    let collectionId: string;
    let siteId: string;
    let readerId: string;
    const secret = "Payroll Handbook";

    beforeAll(async () => {
      const { org, owner } = await makeOrg();
      orgId = org.id;
      const readerUser = await makeMember(orgId, "read");
      guest = await makeMember(orgId, null);
      teamId = await makeBareTeam(orgId, [readerUser.user.id]);
      collectionId = (await makeCollection(orgId)).id;
      spaceId = (await makeSpace(orgId, owner, { title: secret })).id;
      siteId = (await makeSite(orgId, owner, { title: "Handbook site" })).id;
      readerId = readerUser.user.id;
      [admin, reader, outsider] = await Promise.all([
        makeSession(owner.user.id),
        makeSession(readerUser.user.id),
        makeSession((await makeOrg()).owner.user.id),
      ]);
    });

    it("finds a member, invites them and a team, changes a role, removes, sets the default", async () => {
      const path = `/s/${spaceId}/~/permissions`;
      const first = await screenOf(admin, path);
      expect(first.res.status).toBe(200);
      expect(first.text).toContain("Who has access");
      expect(first.text).toContain("organization role");
      const found = await screenOf(admin, `${path}?find=${encodeURIComponent(guest.user.email)}`);
      expect(found.text).toContain(`value="user:${guest.user.id}"`);
      const invited = await postForm(admin, `${path}/invite`, {
        who: `user:${guest.user.id}`,
        role: "edit",
      });
      expect(invited.res.status).toBe(303);
      expect(invited.paths).toContain(`POST /v1/spaces/${spaceId}/permissions`);
      const team = await postForm(admin, `${path}/invite`, {
        who: `team:${teamId}`,
        role: "review",
      });
      expect(team.res.status).toBe(303);
      const after = await screenOf(admin, invited.res.headers.get("Location") ?? path);
      expect(after.text).toContain("they have the role now");
      expect(after.text).toContain("invited");
      expect(after.text).toContain("through a team");
      const role = await postForm(admin, `${path}/users/${guest.user.id}/role`, {
        role: "comment",
      });
      expect(role.res.status).toBe(303);
      expect((await grantsOnSpace(spaceId)).map((g) => g.role).sort()).toEqual([
        "comment",
        "review",
      ]);
      expect((await postForm(admin, `${path}/teams/${teamId}/remove`)).res.status).toBe(303);
      expect(await grantsOnSpace(spaceId)).toHaveLength(1);
      const level = await postForm(admin, `${path}/default`, { level: "none" });
      expect(level.res.status).toBe(303);
      expect((await readSpace(spaceId))?.defaultLevel).toBeNull();
      const bad = await postForm(admin, `${path}/invite`, { who: "user:nobody", role: "read" });
      expect(bad.res.status).toBe(400);
      expect(bad.text).toContain("not a member of this organization");
    });

    it("a collection's screen has the same forms", async () => {
      const path = `/o/${orgId}/c/${collectionId}/permissions`;
      const invited = await postForm(admin, `${path}/invite`, {
        who: `user:${guest.user.id}`,
        role: "create",
      });
      expect(invited.res.status).toBe(303);
      expect(invited.paths).toContain(`POST /v1/collections/${collectionId}/permissions`);
      const shown = await screenOf(admin, path);
      expect(shown.text).toContain(`action="${path}/users/${guest.user.id}/remove"`);
      expect((await screenOf(admin, `/o/${orgId}/c/${collectionId}`)).text).toContain(
        `href="${path}"`,
      );
    });

    it("a reader sees who has access without a form; an outsider gets 404", async () => {
      await postForm(admin, `/s/${spaceId}/~/permissions/default`, { level: "inherit" });
      const path = `/s/${spaceId}/~/permissions`;
      const asReader = await screenOf(reader, path);
      expect(asReader.res.status).toBe(200);
      expect(asReader.text).toContain("Who has access");
      expect(asReader.text).not.toMatch(/action="[^"]*\/(invite|role|remove|default)"/);
      const refused = await postForm(reader, `${path}/invite`, {
        who: `user:${guest.user.id}`,
        role: "admin",
      });
      expect(refused.res.status).toBe(403);
      const asOutsider = await screenOf(outsider, path);
      expect(asOutsider.res.status).toBe(404);
      expect(asOutsider.text).not.toContain(secret);
      expect((await screenOf(outsider, `/s/no-such-space/~/permissions`)).res.status).toBe(404);
    });

    it("a site's screen: invite a member, who then manages the site; no default level", async () => {
      const path = `/o/${orgId}/sites/${siteId}/permissions`;
      expect((await screenOf(admin, `/o/${orgId}/sites/${siteId}`)).text).toContain(
        `href="${path}"`,
      );
      const first = await screenOf(admin, path);
      expect(first.res.status).toBe(200);
      expect(first.text).toContain("Permissions of Handbook site");
      expect(first.text).not.toContain(`action="${path}/default"`);
      const refused = await postForm(reader, `${path}/invite`, {
        who: `user:${readerId}`,
        role: "admin",
      });
      expect(refused.res.status).toBe(403);
      const invited = await postForm(admin, `${path}/invite`, {
        who: `user:${readerId}`,
        role: "admin",
      });
      expect(invited.res.status).toBe(303);
      expect(invited.paths).toContain(`POST /v1/orgs/${orgId}/sites/${siteId}/permissions`);
      const asReader = await screenOf(reader, path);
      expect(asReader.text).toContain(`action="${path}/users/${readerId}/remove"`);
      expect(asReader.text).toContain("admin · invited");
      const guestInvite = await postForm(admin, `${path}/invite`, {
        who: `user:${guest.user.id}`,
        role: "read",
      });
      expect(guestInvite.res.status).toBe(400);
      expect(guestInvite.text).toContain("has no access to sites");
      expect((await postForm(admin, `${path}/users/${readerId}/remove`)).res.status).toBe(303);
      expect((await screenOf(outsider, path)).res.status).toBe(404);
    });
  });
});

describe("sso-settings", () => {
  beforeAll(emptyStorage);
  describe("the single sign-on settings screen", () => {
    it("reads an IdP's metadata, and names what it lacks", async () => {
      const idp = await createTestIdp();
      const read = readIdpMetadata(metadataOf(idp));
      expect(read).toMatchObject({ ok: true, entityID: idp.entityID, ssoURL: idp.ssoURL });
      if (!read.ok) throw new Error("unreadable");
      const strip = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s+/g, "");
      expect(strip(read.certificate)).toBe(strip(idp.certificatePem));
      expect(readIdpMetadata("<EntityDescriptor entityID='x'/>")).toEqual({
        ok: false,
        missing: "SingleSignOnService with the HTTP-Redirect binding",
      });
      expect(readIdpMetadata("not xml")).toMatchObject({ ok: false });
    });

    it("adds a SAML provider from metadata, requires SSO, and removes the provider", async () => {
      const { org, owner } = await makeOrg();
      const admin = await makeSession(owner.user.id);
      const base = `/org/${org.id}/settings/sign-in`;
      const idp = await createTestIdp();
      const added = await postForm(admin, `${base}/saml`, {
        label: "Okta",
        metadata: metadataOf(idp),
      });
      expect(added.res.status, added.text.slice(0, 500)).toBe(303);
      const screen = await screenOf(admin, base);
      expect(screen.text).toContain("<strong>Okta</strong>");
      expect(screen.text).toContain('aria-label="Add an OpenID Connect provider"');
      expect(screen.text).toContain('aria-label="Require single sign-on"');
      expect(screen.paths).toContain(`GET /v1/orgs/${org.id}/oidc-providers`);

      const on = await postForm(admin, `${base}/enforce`, { sso: "yes" });
      expect(on.res.headers.get("Location")).toBe(`${base}?done=enforced`);
      expect(on.paths).toEqual([`PATCH /v1/orgs/${org.id}`]);
      expect((await readOrg(org.id)).sso).toBe(true);
      await postForm(admin, `${base}/enforce`, {});
      expect((await readOrg(org.id)).sso).toBe(false);

      const id = /action="[^"]*\/saml\/([\w-]+)\/delete"/.exec(screen.text)?.[1];
      expect(id).toBeDefined();
      const removed = await postForm(admin, `${base}/saml/${id}/delete`);
      expect(removed.res.headers.get("Location")).toBe(`${base}?done=saml-removed`);
      expect((await screenOf(admin, base)).text).toContain("No SAML provider.");
    });

    it("adds an OIDC provider by discovery, never shows its secret, offers it, removes it", async () => {
      const { org, owner } = await makeOrg();
      const admin = await makeSession(owner.user.id);
      const base = `/org/${org.id}/settings/sign-in`;
      const idp = await createTestIdp();
      await postForm(admin, `${base}/saml`, { label: "Okta", metadata: metadataOf(idp) });
      const secret = `org-secret-${crypto.randomUUID()}`;
      const added = await postForm(admin, `${base}/oidc`, {
        title: "Corp Login",
        issuer: "https://idp.example.com",
        clientId: "quire-org",
        clientSecret: secret,
        role: "read",
      });
      expect(added.res.status, added.text.slice(0, 500)).toBe(303);
      expect(added.res.headers.get("Location")).toBe(`${base}?done=oidc-added`);
      const screen = await screenOf(admin, `${base}?done=oidc-added`);
      expect(screen.text).toContain("The OpenID Connect provider is added.");
      expect(screen.text).toContain("<strong>Corp Login</strong>");
      expect(screen.text).toContain("<code>https://idp.example.com</code>");
      expect(screen.text).not.toContain(secret);
      const listed = await call("GET", `/orgs/${org.id}/oidc-providers`, { token: owner.token });
      expect(listed.text).not.toContain(secret);

      // Offered beside the SAML provider, by the API and on the sign-in screen's `?org=`.
      const ways = await call("GET", `/sessions/ways/sso?organizationId=${org.id}`);
      const kinds = ways.body.organizations[0].providers.map((p: { kind: string }) => p.kind);
      expect(kinds).toEqual(["saml", "oidc"]);
      const offered = await appFetch(`/sign-in?org=${org.id}`);
      expect(offered.text).toContain("Continue with Okta");
      expect(offered.text).toContain("Continue with Corp Login");

      const id = /action="[^"]*\/oidc\/([\w-]+)\/delete"/.exec(screen.text)?.[1];
      expect(id).toBeDefined();
      const removed = await postForm(admin, `${base}/oidc/${id}/delete`);
      expect(removed.res.headers.get("Location")).toBe(`${base}?done=oidc-removed`);
      expect((await screenOf(admin, base)).text).toContain("No OpenID Connect provider.");
      expect((await appFetch(`/sign-in?org=${org.id}`)).text).not.toContain("Corp Login");
    });

    it("shows refusals on the screen: bad metadata, a malformed OIDC issuer, a non-admin", async () => {
      const { org, owner } = await makeOrg();
      const admin = await makeSession(owner.user.id);
      const base = `/org/${org.id}/settings/sign-in`;
      const bad = await postForm(admin, `${base}/saml`, { label: "X", metadata: "<nothing/>" });
      expect(bad.res.status).toBe(400);
      expect(bad.text).toContain("The metadata XML has no entityID on its EntityDescriptor");
      expect(bad.paths).not.toContain(`POST /v1/orgs/${org.id}/saml`);
      const oidc = await postForm(admin, `${base}/oidc`, {
        title: "Corp",
        issuer: "not a url",
        clientId: "c",
        clientSecret: "s",
        role: "read",
      });
      expect(oidc.res.status).toBe(400);
      expect(oidc.text).toContain("body.issuer");
      const reader = await makeSession((await makeMember(org.id, "read")).user.id);
      const refused = await postForm(reader, `${base}/enforce`, { sso: "yes" });
      expect(refused.res.status).toBe(403);
      expect((await readOrg(org.id)).sso).toBe(false);
    });

    it("adds an e-mail domain, shows its TXT record, checks it once published, removes it", async () => {
      const { org, owner } = await makeOrg();
      const admin = await makeSession(owner.user.id);
      const base = `/org/${org.id}/settings/sign-in`;
      const domain = uniqueDomain();
      const added = await postForm(admin, `${base}/domains`, { domain });
      expect(added.res.headers.get("Location")).toBe(`${base}?done=domain-added`);
      expect(added.paths).toEqual([`POST /v1/orgs/${org.id}/domains`]);
      const screen = await screenOf(admin, base);
      expect(screen.text).toContain(`<strong>${domain}</strong>`);
      expect(screen.text).toContain("Not verified yet");
      expect(screen.text).toContain(`value="_quire.${domain}"`);
      const value = /value="(quire-verification=[0-9a-f]+)"/.exec(screen.text)?.[1];
      expect(value).toBeDefined();
      await publishTxt(`_quire.${domain}`, [value!]);
      const checked = await postForm(admin, `${base}/domains/${domain}/check`);
      expect(checked.res.headers.get("Location")).toBe(`${base}?done=domain-checked`);
      const after = await screenOf(admin, `${base}?done=domain-checked`);
      expect(after.text).toContain("The domain is checked");
      expect(after.text).toContain("Verified</span>");
      // A domain the operator verified (`npm run admin -- org domain verify`) says so.
      const vouched = uniqueDomain();
      await postForm(admin, `${base}/domains`, { domain: vouched });
      await markOperatorVerified(org.id, [vouched]);
      expect((await screenOf(admin, base)).text).toContain(
        `<strong>${vouched}</strong><span class="a-badge">Verified by the operator</span>`,
      );
      await postForm(admin, `${base}/domains/${vouched}/delete`);
      const bad = await postForm(admin, `${base}/domains`, { domain: "not a domain" });
      expect(bad.res.status).toBe(400);
      expect(bad.text).toContain("body.domain");
      const removed = await postForm(admin, `${base}/domains/${domain}/delete`);
      expect(removed.res.headers.get("Location")).toBe(`${base}?done=domain-removed`);
      expect((await screenOf(admin, base)).text).toContain("No e-mail domain.");
    });
  });
});
