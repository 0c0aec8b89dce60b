import { raw } from "hono/html";
import type { PageView } from "../model";
import { Breadcrumbs, Feedback, LastUpdated, Pager } from "./page-parts";
import { htmlDocument, Shell } from "./shell";

/**
 * A document page of a published site: the shell around the page's title, description, the
 * renderer's HTML, its date, feedback form, previous/next links and Markdown twin.
 */

/** The full HTML document of a page view. */
export function renderPage(view: PageView): string {
  const { site, page } = view;
  return htmlDocument(
    <Shell
      site={site}
      nav={view.nav}
      toc={view.toc}
      title={page.title}
      description={page.description}
      canonical={view.canonical}
      indexable={site.indexable}
      alternates={view.alternates}
      markdownHref={view.markdownHref}
    >
      <article class="q-article">
        <Breadcrumbs items={view.breadcrumbs} />
        <h1 class="q-title">
          {page.emoji ? (
            <span class="q-emoji" aria-hidden="true">
              {page.emoji}
            </span>
          ) : null}
          {page.title}
        </h1>
        {page.description ? <p class="q-description">{page.description}</p> : null}
        <div class="q-content">{raw(view.contentHtml)}</div>
      </article>
      <div class="q-page-end">
        <LastUpdated iso={page.updatedAt} />
        <Feedback view={view} />
        <Pager previous={view.previous} next={view.next} />
        <p class="q-markdown-link">
          <a href={view.markdownHref} type="text/markdown">
            View this page as Markdown
          </a>
        </p>
      </div>
    </Shell>,
  );
}
