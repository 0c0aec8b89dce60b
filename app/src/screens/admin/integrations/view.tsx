import type { Organization } from "../../../api/types";
import { ErrorSummary, Notice } from "../../../layout/forms";
import { htmlDocument, Shell } from "../../../layout/shell";
import type { SignedIn } from "../../../session/session";
import { ButtonForm } from "../parts";
import type { Installation, Integration } from "../types";

/**
 * `/integrations` and `/integrations/{name}`: the integrations the person can see, and one
 * integration's page (what it does, what it may read, where it is installed, and for the
 * organizations the person administers, install there).
 */

/** What the integration pages show. */
export interface IntegrationView {
  person: SignedIn;
  integration?: Integration;
  list?: Integration[];
  installations: Installation[];
  orgs: Organization[];
  done?: string | null;
  error?: string | null;
}

function One(props: { view: IntegrationView; integration: Integration }) {
  const { view, integration } = props;
  const installedIn = new Set(view.installations.map((i) => i.target.organization));
  return (
    <>
      <h1>{integration.title}</h1>
      <p>{integration.description}</p>
      {integration.summary ? <p class="a-message">{integration.summary}</p> : null}
      <dl class="a-facts">
        <dt>Made by</dt>
        <dd>{integration.owner.title}</dd>
        <dt>It may</dt>
        <dd>{integration.scopes.join(", ") || "nothing"}</dd>
        <dt>Visibility</dt>
        <dd>{integration.visibility}</dd>
      </dl>
      <h2>Your organizations</h2>
      <ul class="a-list" aria-label="Your organizations">
        {view.orgs.map((org) => (
          <li class="a-row">
            <a
              href={`/o/${encodeURIComponent(org.id)}/integrations/${encodeURIComponent(integration.name)}`}
            >
              {org.title}
            </a>
            {installedIn.has(org.id) ? (
              <span class="a-badge">Installed</span>
            ) : org.permissions?.admin ? (
              <ButtonForm
                action={`/integrations/${encodeURIComponent(integration.name)}/install`}
                csrf={view.person.csrf}
                label="Install"
                target={`in ${org.title}`}
                hidden={{ organization: org.id }}
              />
            ) : (
              <span class="a-meta">Not installed</span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The HTML of an integration's page, or of the list when `view.list` is given. */
export function integrationPage(view: IntegrationView): string {
  const title = view.integration?.title ?? "Integrations";
  return htmlDocument(
    <Shell title={title} person={view.person} styles={["css/admin.css"]}>
      {view.done ? (
        <Notice>
          <p>{view.done}</p>
        </Notice>
      ) : null}
      <ErrorSummary error={view.error} />
      {view.integration ? (
        <One view={view} integration={view.integration} />
      ) : (
        <>
          <h1>Integrations</h1>
          {(view.list ?? []).length === 0 ? <p>No integration is published yet.</p> : null}
          <ul class="a-list" aria-label="Integrations">
            {(view.list ?? []).map((i) => (
              <li>
                <a href={i.urls.app}>
                  <strong>{i.title}</strong>
                </a>
                <p class="a-meta">{i.description}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Shell>,
  );
}
