import type { Organization } from "../../api/types";
import { AppForm, Field, Submit } from "../../layout/forms";
import { MemberRoleSelect } from "../invite/member-role";
import { MAX_METADATA_CHARS } from "./saml-metadata";

/**
 * An organization's single sign-on on its sign-in settings screen: its SAML providers
 * (`/v1/orgs/{id}/saml`), its OIDC providers (`/v1/orgs/{id}/oidc-providers`) and whether its
 * members must use them (`sso` of `PATCH /v1/orgs/{id}`).
 */

/** A SAML provider as listed. */
export interface SamlProvider {
  id: string;
  label: string;
  entityID: string;
  ssoURL: string;
  status: string;
  service: { acsURL: string; startURL: string; entityID: string };
}

/** The SAML providers: listed, removed, added from metadata XML or typed values. */
export function SamlSection(props: { base: string; csrf: string; saml: SamlProvider[] }) {
  return (
    <section class="a-section" aria-labelledby="saml-title">
      <h2 id="saml-title">SAML single sign-on</h2>
      {props.saml.length === 0 ? <p>No SAML provider.</p> : null}
      <ul class="a-list" aria-label="SAML providers" hidden={props.saml.length === 0}>
        {props.saml.map((p) => (
          <li>
            <div class="a-row">
              <strong>{p.label}</strong>
              <AppForm
                action={`${props.base}/saml/${encodeURIComponent(p.id)}/delete`}
                csrf={props.csrf}
                class="a-inline-form"
                label={`Remove ${p.label}`}
              >
                <button type="submit" class="a-button a-button-danger">
                  Remove<span class="a-visually-hidden"> {p.label}</span>
                </button>
              </AppForm>
            </div>
            <dl class="a-facts">
              <dt>Status</dt>
              <dd>{p.status}</dd>
              <dt>ACS URL</dt>
              <dd>
                <code>{p.service.acsURL}</code>
              </dd>
              <dt>Entity ID</dt>
              <dd>
                <code>{p.service.entityID}</code>
              </dd>
              <dt>Start</dt>
              <dd>
                <a href={p.service.startURL}>Sign in with {p.label}</a>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <h3>Add a SAML provider</h3>
      <AppForm action={`${props.base}/saml`} csrf={props.csrf} label="Add a SAML provider">
        <Field name="label" id="saml-label" label="Name" required maxlength={30} />
        <div class="a-field">
          <label for="saml-metadata">Identity provider's metadata XML</label>
          <p class="a-hint" id="saml-metadata-hint">
            Paste it to fill the three values below, or leave it empty and type them.
          </p>
          <textarea
            id="saml-metadata"
            name="metadata"
            rows={4}
            maxlength={MAX_METADATA_CHARS}
            aria-describedby="saml-metadata-hint"
          ></textarea>
        </div>
        <Field
          name="entityID"
          id="saml-entity"
          label="Identity provider's entity ID"
          maxlength={1024}
        />
        <Field
          name="ssoURL"
          id="saml-sso"
          label="Identity provider's sign-on URL"
          type="url"
          maxlength={2048}
        />
        <div class="a-field">
          <label for="saml-cert">Identity provider's certificate (PEM)</label>
          <textarea id="saml-cert" name="certificate" rows={5} maxlength={10000}></textarea>
        </div>
        <div>
          <Submit label="Add provider" />
        </div>
      </AppForm>
    </section>
  );
}

/** An organization's OIDC provider as listed (its secret is never shown). */
export interface OidcProvider {
  id: string;
  title: string;
  issuer: string;
  clientId: string;
  defaultRole: string | null;
  redirectURL: string;
}

/** The OIDC providers: listed, removed, added (issuer, client id and secret, role). */
export function OidcSection(props: { base: string; csrf: string; oidc: OidcProvider[] }) {
  return (
    <section class="a-section" aria-labelledby="oidc-title">
      <h2 id="oidc-title">OpenID Connect single sign-on</h2>
      {props.oidc.length === 0 ? <p>No OpenID Connect provider.</p> : null}
      <ul class="a-list" aria-label="OpenID Connect providers" hidden={props.oidc.length === 0}>
        {props.oidc.map((p) => (
          <li>
            <div class="a-row">
              <strong>{p.title}</strong>
              <AppForm
                action={`${props.base}/oidc/${encodeURIComponent(p.id)}/delete`}
                csrf={props.csrf}
                class="a-inline-form"
                label={`Remove ${p.title}`}
              >
                <button type="submit" class="a-button a-button-danger">
                  Remove<span class="a-visually-hidden"> {p.title}</span>
                </button>
              </AppForm>
            </div>
            <dl class="a-facts">
              <dt>Issuer</dt>
              <dd>
                <code>{p.issuer}</code>
              </dd>
              <dt>Client ID</dt>
              <dd>
                <code>{p.clientId}</code>
              </dd>
              <dt>Redirect URL</dt>
              <dd>
                <code>{p.redirectURL}</code>
              </dd>
              <dt>New members' role</dt>
              <dd>{p.defaultRole ?? "guest"}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <h3>Add an OpenID Connect provider</h3>
      <AppForm
        action={`${props.base}/oidc`}
        csrf={props.csrf}
        label="Add an OpenID Connect provider"
      >
        <Field name="title" id="oidc-title-field" label="Name" required maxlength={60} />
        <Field
          name="issuer"
          id="oidc-issuer"
          label="Issuer URL"
          type="url"
          required
          maxlength={2048}
          hint="Its discovery document (/.well-known/openid-configuration) is read and checked."
        />
        <Field name="clientId" id="oidc-client" label="Client ID" required maxlength={255} />
        <Field
          name="clientSecret"
          id="oidc-secret"
          label="Client secret"
          type="password"
          autocomplete="off"
          required
          maxlength={1024}
        />
        <MemberRoleSelect id="oidc-role" label="Role of the members it adds" />
        <div>
          <Submit label="Add provider" />
        </div>
      </AppForm>
    </section>
  );
}

/** Whether members must sign in with the organization's single sign-on. */
export function EnforceSection(props: {
  base: string;
  csrf: string;
  org: Organization;
  providers: number;
}) {
  return (
    <section class="a-section" aria-labelledby="enforce-title">
      <h2 id="enforce-title">Require single sign-on</h2>
      <AppForm action={`${props.base}/enforce`} csrf={props.csrf} label="Require single sign-on">
        <label class="a-check">
          <input type="checkbox" name="sso" value="yes" checked={props.org.sso} />
          Members sign in with this organization's single sign-on only
        </label>
        <p class="a-hint">
          On: e-mail links, passwords and invite links are refused to members; they are sent to the
          providers above.
          {props.providers === 0 ? " Add a provider first: there is none yet." : ""}
        </p>
        <div>
          <Submit label="Save" kind="secondary" />
        </div>
      </AppForm>
    </section>
  );
}
