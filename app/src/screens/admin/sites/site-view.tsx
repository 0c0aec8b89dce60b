import type { Organization } from "../../../api/types";
import { when } from "../../../layout/format";
import { AppForm, Field, Select, Submit } from "../../../layout/forms";
import type { SignedIn } from "../../../session/session";
import { adminPage } from "../frame";
import { ButtonForm } from "../parts";
import type { ShareLink, Site, SiteSection, SiteSpace, Space } from "../types";
import { VISIBILITY_LABELS, VISIBILITY_OPTIONS } from "./labels";

/**
 * `/o/{orgId}/sites/{siteId}`: one site. Its state and reader address, publish and unpublish;
 * its settings (title, visibility, path segment); the spaces it publishes (site spaces, the
 * variants of its root or of each section) with adding and removing one; its sections; its
 * share links (create, copy, revoke, delete) for a share-link site. Members below `create` see
 * the site read-only; `admin` may delete it.
 */

/** What the site screen shows. */
export interface SiteView {
  person: SignedIn;
  org: Organization;
  site: Site;
  siteSpaces: SiteSpace[];
  sections: SiteSection[];
  shareLinks: ShareLink[];
  spaces: Space[];
  done?: string | null;
  error?: string | null;
}

function StatusSection(props: { view: SiteView; base: string; manage: boolean }) {
  const { site, person } = props.view;
  return (
    <section class="a-section" aria-labelledby="status-title">
      <h2 id="status-title">Publishing</h2>
      <div class="a-row">
        <p>
          {site.published ? (
            <span class="a-badge">Published</span>
          ) : (
            <span class="a-badge a-badge-muted">Not published</span>
          )}{" "}
          {VISIBILITY_LABELS[site.visibility]}
        </p>
        {site.urls.published ? (
          <a class="a-button a-button-secondary" href={site.urls.published} id="open-reader">
            Open in the reader
          </a>
        ) : null}
      </div>
      {site.urls.published ? (
        <p class="a-meta">
          Address: <code>{site.urls.published}</code>
        </p>
      ) : (
        <p class="a-meta">Only members can read it until it is published.</p>
      )}
      {props.manage ? (
        site.published ? (
          <ButtonForm action={`${props.base}/unpublish`} csrf={person.csrf} label="Unpublish" />
        ) : (
          <ButtonForm
            action={`${props.base}/publish`}
            csrf={person.csrf}
            label="Publish"
            kind="primary"
          />
        )
      ) : null}
    </section>
  );
}

function SettingsSection(props: { view: SiteView; base: string }) {
  const { site, person } = props.view;
  return (
    <section class="a-section" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <AppForm action={`${props.base}/settings`} csrf={person.csrf} label="Site settings">
        <Field
          name="title"
          id="settings-title-field"
          label="Title"
          value={site.title}
          required
          maxlength={128}
        />
        <Select
          id="settings-visibility"
          name="visibility"
          label="Who can read it"
          options={VISIBILITY_OPTIONS}
          selected={site.visibility}
        />
        <Field
          name="basename"
          id="settings-basename"
          label="Path segment"
          value={site.basename ?? ""}
          hint="Optional: the last segment of the site's address (letters, digits, - _ .)."
          maxlength={100}
        />
        <div>
          <Submit label="Save settings" kind="secondary" />
        </div>
      </AppForm>
    </section>
  );
}

function SpacesSection(props: { view: SiteView; base: string; manage: boolean }) {
  const { siteSpaces, spaces, sections, person } = props.view;
  const sectionTitle = new Map(sections.map((s) => [s.id, s.title]));
  return (
    <section class="a-section" aria-labelledby="spaces-title">
      <h2 id="spaces-title">Published spaces</h2>
      {siteSpaces.length === 0 ? (
        <p>No space is published in this site yet.</p>
      ) : (
        <table class="a-table">
          <caption class="a-visually-hidden">Spaces published in this site</caption>
          <thead>
            <tr>
              <th scope="col">Space</th>
              <th scope="col">Path</th>
              <th scope="col">Section</th>
              {props.manage ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {siteSpaces.map((s) => (
              <tr>
                <td>
                  <a href={s.space.urls.app}>{s.title}</a>
                  {s.default ? <span class="a-meta"> (default)</span> : null}
                </td>
                <td>
                  {s.urls.published ? (
                    <a href={s.urls.published}>/{s.path}</a>
                  ) : (
                    <code>/{s.path}</code>
                  )}
                </td>
                <td>{s.section ? (sectionTitle.get(s.section) ?? "") : "Root"}</td>
                {props.manage ? (
                  <td>
                    <ButtonForm
                      action={`${props.base}/site-spaces/${encodeURIComponent(s.id)}/delete`}
                      csrf={person.csrf}
                      label="Remove"
                      target={s.title}
                      kind="danger"
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.manage && spaces.length > 0 ? (
        <AppForm action={`${props.base}/site-spaces`} csrf={person.csrf} label="Publish a space">
          <Select
            id="add-space"
            name="spaceId"
            label="Space to publish"
            options={spaces.map((s) => [s.id, s.title] as const)}
          />
          {sections.length > 0 ? (
            <Select
              id="add-space-section"
              name="sectionId"
              label="In section"
              options={[
                ["", "The default section"],
                ...sections.map((s) => [s.id, s.title] as const),
              ]}
            />
          ) : null}
          <div>
            <Submit label="Publish space" kind="secondary" />
          </div>
        </AppForm>
      ) : null}
    </section>
  );
}

function SectionsSection(props: { view: SiteView; base: string; manage: boolean }) {
  const { sections, spaces, person } = props.view;
  return (
    <section class="a-section" aria-labelledby="sections-title">
      <h2 id="sections-title">Sections</h2>
      <p class="a-hint">
        Sections split a site into tabs, each with its own spaces (variants, such as versions or
        languages).
      </p>
      {sections.length === 0 ? (
        <p>No section: the site's spaces are at its root.</p>
      ) : (
        <ul class="a-list" aria-label="Sections">
          {sections.map((s) => (
            <li class="a-row">
              <div>
                <strong>{s.title}</strong>
                {s.default ? <span class="a-meta"> (default)</span> : null}
                <p class="a-meta">
                  /{s.path} · {s.siteSpaces.map((v) => v.title).join(", ") || "no variant"}
                </p>
              </div>
              {props.manage ? (
                <ButtonForm
                  action={`${props.base}/sections/${encodeURIComponent(s.id)}/delete`}
                  csrf={person.csrf}
                  label="Remove"
                  target={`section ${s.title}`}
                  kind="danger"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {props.manage && spaces.length > 0 ? (
        <AppForm action={`${props.base}/sections`} csrf={person.csrf} label="New section">
          <Field name="title" id="section-title" label="Section title" maxlength={128} required />
          <Select
            id="section-space"
            name="spaceId"
            label="Its first space"
            options={spaces.map((s) => [s.id, s.title] as const)}
          />
          <div>
            <Submit label="Add section" kind="secondary" />
          </div>
        </AppForm>
      ) : null}
    </section>
  );
}

function ShareLinksSection(props: { view: SiteView; base: string; manage: boolean }) {
  const { shareLinks, site, person } = props.view;
  return (
    <section class="a-section" aria-labelledby="share-title">
      <h2 id="share-title">Share links</h2>
      {site.visibility !== "share-link" ? (
        <p class="a-hint">
          Share links open the site only when its visibility is “Share links”. Links made now work
          once it is.
        </p>
      ) : null}
      {shareLinks.length === 0 ? (
        <p>No share link.</p>
      ) : (
        <ul class="a-list" aria-label="Share links">
          {shareLinks.map((link) => (
            <li>
              <div class="a-row">
                <div>
                  <strong>{link.name || "Unnamed link"}</strong>{" "}
                  {link.active ? null : <span class="a-badge a-badge-muted">Revoked</span>}
                  <p class="a-meta">Created {when(link.createdAt)}</p>
                </div>
                {props.manage ? (
                  <div class="a-row">
                    {link.active ? (
                      <ButtonForm
                        action={`${props.base}/share-links/${encodeURIComponent(link.id)}/active`}
                        csrf={person.csrf}
                        label="Revoke"
                        target={link.name}
                        hidden={{ active: "no" }}
                      />
                    ) : (
                      <ButtonForm
                        action={`${props.base}/share-links/${encodeURIComponent(link.id)}/active`}
                        csrf={person.csrf}
                        label="Restore"
                        target={link.name}
                        hidden={{ active: "yes" }}
                      />
                    )}
                    <ButtonForm
                      action={`${props.base}/share-links/${encodeURIComponent(link.id)}/delete`}
                      csrf={person.csrf}
                      label="Delete"
                      target={link.name}
                      kind="danger"
                    />
                  </div>
                ) : null}
              </div>
              {link.urls.published && link.active ? (
                <div class="a-copy">
                  <label for={`share-${link.id}`}>Address of {link.name || "this link"}</label>
                  <input
                    id={`share-${link.id}`}
                    class="a-share-url"
                    type="text"
                    readonly
                    value={link.urls.published}
                  />
                  <button
                    type="button"
                    class="a-button a-button-secondary"
                    data-copy={`share-${link.id}`}
                    hidden
                  >
                    Copy<span class="a-visually-hidden"> the address of {link.name}</span>
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {props.manage ? (
        <AppForm action={`${props.base}/share-links`} csrf={person.csrf} label="New share link">
          <Field
            name="name"
            id="share-name"
            label="Name"
            hint="Who the link is for, so you know which to revoke."
            maxlength={50}
          />
          <div>
            <Submit label="Create share link" kind="secondary" />
          </div>
        </AppForm>
      ) : null}
    </section>
  );
}

/** The site screen. */
export function sitePage(view: SiteView): string {
  const { site, org, person } = view;
  const base = `/o/${encodeURIComponent(org.id)}/sites/${encodeURIComponent(site.id)}`;
  const manage = site.permissions.create === true;
  return adminPage({
    person,
    org,
    section: "sites",
    title: site.title,
    done: view.done ?? null,
    error: view.error ?? null,
    modules: ["admin"],
    children: (
      <>
        <p>
          <a href={`/o/${encodeURIComponent(org.id)}/sites`}>All sites</a>
          {" · "}
          <a href={`${base}/preview`}>Preview</a>
          {site.permissions.admin ? (
            <>
              {" · "}
              <a href={`${base}/permissions`}>Permissions</a>
            </>
          ) : null}
        </p>
        <StatusSection view={view} base={base} manage={manage} />
        {manage ? <SettingsSection view={view} base={base} /> : null}
        <SpacesSection view={view} base={base} manage={manage} />
        <SectionsSection view={view} base={base} manage={manage} />
        <ShareLinksSection view={view} base={base} manage={manage} />
        {site.permissions.admin ? (
          <section class="a-section" aria-labelledby="delete-title">
            <h2 id="delete-title">Delete this site</h2>
            <p>Its address stops answering. The spaces it publishes are kept.</p>
            <ButtonForm
              action={`${base}/delete`}
              csrf={person.csrf}
              label="Delete site"
              target={site.title}
              kind="danger"
            />
          </section>
        ) : null}
      </>
    ),
  });
}
