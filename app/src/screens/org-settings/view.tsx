import type { Organization } from "../../api/types";
import { AppForm, ErrorSummary, Notice, Submit } from "../../layout/forms";
import { htmlDocument, Shell } from "../../layout/shell";
import type { SignedIn } from "../../session/session";
import { InviteEmailsField, MemberRoleSelect } from "../invite/member-role";
import {
  EnforceSection,
  OidcSection,
  SamlSection,
  type OidcProvider,
  type SamlProvider,
} from "./sso-sections";
import { DomainsSection, type OrgDomain } from "./domains-section";

/**
 * An organization's ways in, for its admins: its e-mail domains and their verification
 * (domains-section.tsx), passwords allowed or not
 * (`/v1/orgs/{id}/sign-in-settings`), its single sign-on (sso-sections.tsx), e-mail invites
 * (`/v1/orgs/{id}/invites`) and invite links (`/v1/orgs/{id}/link-invites`).
 */

/** An invite link as listed (the official shape has no address: the screen writes it). */
export interface InviteLink {
  id: string;
  role: string | null;
  redundant: boolean;
}

/** Everything the screen shows. */
export interface OrgSignInView {
  person: SignedIn;
  org: Organization;
  passwordsAllowed: boolean;
  saml: SamlProvider[];
  oidc: OidcProvider[];
  links: InviteLink[];
  domains: OrgDomain[];
  /** The app's origin: an invite link's address is `<origin>/join/{org}/{invite}`. */
  origin: string;
  done?: string | null;
  error?: string | null;
}

function InvitesSection(props: {
  base: string;
  origin: string;
  csrf: string;
  org: Organization;
  links: InviteLink[];
}) {
  return (
    <section class="a-section" aria-labelledby="invites-title">
      <h2 id="invites-title">Invites</h2>
      <h3>Invite by e-mail</h3>
      <AppForm action={`${props.base}/invites`} csrf={props.csrf} label="Invite by e-mail">
        <InviteEmailsField />
        <MemberRoleSelect id="invite-role" />
        <div>
          <Submit label="Send invites" />
        </div>
      </AppForm>
      <h3>Invite links</h3>
      {props.org.inviteLinks ? null : (
        <p class="a-hint">Invite links are turned off for this organization.</p>
      )}
      {props.links.length > 0 ? (
        <ul class="a-list" aria-label="Invite links">
          {props.links.map((link) => (
            <li class="a-row">
              <span class="a-field">
                <label for={`join-${link.id}`}>Invite link · role {link.role ?? "guest"}</label>
                <input
                  id={`join-${link.id}`}
                  class="a-share-url"
                  type="text"
                  readonly
                  value={`${props.origin}/join/${encodeURIComponent(props.org.id)}/${encodeURIComponent(link.id)}`}
                />
              </span>
              <AppForm
                action={`${props.base}/link-invites/${encodeURIComponent(link.id)}/delete`}
                csrf={props.csrf}
                class="a-inline-form"
                label={`Delete invite link ${link.id}`}
              >
                <button type="submit" class="a-button a-button-danger">
                  Delete<span class="a-visually-hidden"> invite link {link.id}</span>
                </button>
              </AppForm>
            </li>
          ))}
        </ul>
      ) : (
        <p>No invite link.</p>
      )}
      {props.org.inviteLinks ? (
        <AppForm
          action={`${props.base}/link-invites`}
          csrf={props.csrf}
          label="Create an invite link"
        >
          <MemberRoleSelect id="link-role" />
          <div>
            <Submit label="Create invite link" kind="secondary" />
          </div>
        </AppForm>
      ) : null}
    </section>
  );
}

/** The organization's sign-in settings screen. */
export function orgSignInPage(view: OrgSignInView): string {
  const { csrf } = view.person;
  const base = `/org/${encodeURIComponent(view.org.id)}/settings/sign-in`;
  return htmlDocument(
    <Shell title={`Sign-in settings · ${view.org.title}`} person={view.person}>
      <h1>Sign-in settings of {view.org.title}</h1>
      {view.done ? (
        <Notice>
          <p>{view.done}</p>
        </Notice>
      ) : null}
      <ErrorSummary error={view.error} />
      <section class="a-section" aria-labelledby="passwords-title">
        <h2 id="passwords-title">Passwords</h2>
        <AppForm action={`${base}/passwords`} csrf={csrf} label="Password policy">
          <label class="a-check">
            <input
              type="checkbox"
              name="passwordsAllowed"
              value="yes"
              checked={view.passwordsAllowed}
            />
            Members may sign in with a password
          </label>
          <p class="a-hint">Off: members sign in by e-mail, passkey or single sign-on only.</p>
          <div>
            <Submit label="Save" kind="secondary" />
          </div>
        </AppForm>
      </section>
      <DomainsSection base={base} csrf={csrf} domains={view.domains} />
      <SamlSection base={base} csrf={csrf} saml={view.saml} />
      <OidcSection base={base} csrf={csrf} oidc={view.oidc} />
      <EnforceSection
        base={base}
        csrf={csrf}
        org={view.org}
        providers={view.saml.length + view.oidc.length}
      />
      <InvitesSection
        base={base}
        origin={view.origin}
        csrf={csrf}
        org={view.org}
        links={view.links}
      />
    </Shell>,
  );
}
