import type { NavItem, SiteView } from "../model";
import { siteRoot } from "./header";
import { htmlDocument, Shell } from "./shell";

/**
 * A plain page that tells the reader something instead of a document: the site needs them to
 * sign in, or an error the reader can explain. Never indexed.
 */

/** What a message page says, and the site around it when known. */
export interface MessageView {
  site?: SiteView;
  nav: NavItem[];
  title: string;
  message: string;
}

/** The full HTML document of a message page. */
export function renderMessage(view: MessageView): string {
  const { site } = view;
  return htmlDocument(
    <Shell site={site} nav={view.nav} title={view.title} indexable={false}>
      <h1 class="q-title">{view.title}</h1>
      <p class="q-message">{view.message}</p>
      {site ? (
        <p>
          <a href={siteRoot(site)}>Go to the home page of {site.title}</a>
        </p>
      ) : null}
    </Shell>,
  );
}
