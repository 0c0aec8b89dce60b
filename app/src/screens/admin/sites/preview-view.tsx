import type { Organization } from "../../../api/types";
import type { SignedIn } from "../../../session/session";
import { adminPage } from "../frame";
import type { Site, SiteSpace } from "../types";

/**
 * A site's preview (`urls.preview`, `/o/{orgId}/sites/{siteId}/preview`): what the site puts
 * before its readers, for a member: whether it is published and where, and each space it
 * publishes with its path, opening the space in the app (members read unpublished content there,
 * rendered by the same renderer as the reader). Changing the site is its settings screen's.
 */

/** What the preview shows. */
export interface SitePreviewView {
  person: SignedIn;
  org: Organization;
  site: Site;
  siteSpaces: SiteSpace[];
}

/** The preview screen's HTML document. */
export function sitePreviewPage(view: SitePreviewView): string {
  const { site, org } = view;
  const settings = `/o/${encodeURIComponent(org.id)}/sites/${encodeURIComponent(site.id)}`;
  return adminPage({
    person: view.person,
    org,
    section: "sites",
    title: `Preview of ${site.title}`,
    children: (
      <>
        <p>
          <a href={settings}>Site settings</a>
        </p>
        <section class="a-section" aria-labelledby="preview-status">
          <h2 id="preview-status">Readers</h2>
          {site.published && site.urls.published ? (
            <p>
              Published ({site.visibility}):{" "}
              <a href={site.urls.published} rel="noopener">
                open it in the reader
              </a>
              .
            </p>
          ) : (
            <p>Not published: only members of the organization can read its spaces, here.</p>
          )}
        </section>
        <section class="a-section" aria-labelledby="preview-spaces">
          <h2 id="preview-spaces">What it publishes</h2>
          {view.siteSpaces.length === 0 ? <p>No space is published in this site yet.</p> : null}
          <ul class="a-list" aria-label="Spaces of the site">
            {view.siteSpaces.map((s) => (
              <li class="a-row">
                <a href={s.space.urls.app}>{s.title || s.space.title}</a>
                <span class="a-meta">
                  /{s.path}
                  {s.default ? " · default" : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </>
    ),
  });
}
