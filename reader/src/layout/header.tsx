import type { SiteView, SwitchItem } from "../model";
import { SearchForm } from "./search-form";

/**
 * The band at the top of every site page: the site's title, its section tabs (groups as
 * menus), the variant or language switcher, the search form and the theme toggle. Menus are
 * `<details>` elements, so they open without JavaScript.
 */

/** The href of a site's root. */
export function siteRoot(site: SiteView): string {
  return site.basePath || "/";
}

/** One section tab, or a group of sections as a menu. */
function SectionTab(props: { item: SwitchItem }) {
  const { item } = props;
  if (item.children && item.children.length > 0) {
    return (
      <li class={item.active ? "q-tab q-tab-group q-active" : "q-tab q-tab-group"}>
        <details class="q-dropdown">
          <summary aria-current={item.active ? "true" : undefined}>{item.title}</summary>
          <ul class="q-dropdown-list">
            {item.children.map((child) => (
              <li>
                <a href={child.href} aria-current={child.active ? "page" : undefined}>
                  {child.title}
                </a>
              </li>
            ))}
          </ul>
        </details>
      </li>
    );
  }
  return (
    <li class={item.active ? "q-tab q-active" : "q-tab"}>
      <a href={item.href} aria-current={item.active ? "page" : undefined}>
        {item.title}
      </a>
    </li>
  );
}

/** The variant (version or language) menu of the current section. */
function VariantSwitcher(props: { variants: SwitchItem[] }) {
  const current = props.variants.find((v) => v.active) ?? props.variants[0];
  if (!current) return null;
  return (
    <details class="q-dropdown q-variants">
      <summary>
        <span class="q-visually-hidden">Version or language: </span>
        {current.title}
      </summary>
      <ul class="q-dropdown-list">
        {props.variants.map((variant) => (
          <li>
            <a
              href={variant.href}
              hreflang={variant.lang}
              lang={variant.lang}
              aria-current={variant.active ? "page" : undefined}
            >
              {variant.title}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The theme toggle: hidden until reader.js runs (it cycles system → light → dark). */
function ThemeToggle() {
  return (
    <button
      type="button"
      class="q-button q-theme-toggle"
      hidden
      aria-pressed="mixed"
      title="Theme: system"
    >
      <span class="q-theme-icon" aria-hidden="true">
        ◐
      </span>
      <span class="q-visually-hidden">Dark theme</span>
    </button>
  );
}

/** The site header. */
export function Header(props: { site: SiteView; query?: string }) {
  const { site } = props;
  return (
    <header class="q-header">
      <div class="q-header-row">
        <a class="q-site-title" href={siteRoot(site)}>
          {site.title}
        </a>
        {site.variants.length > 1 ? <VariantSwitcher variants={site.variants} /> : null}
        <SearchForm site={site} id="q-search" label="Site search" typeahead query={props.query} />
        <ThemeToggle />
      </div>
      {site.sections.length > 0 ? (
        <nav class="q-tabs" aria-label="Sections">
          <ul>
            {site.sections.map((item) => (
              <SectionTab item={item} />
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
