import type { SiteView } from "../model";

/**
 * The site's search form: a plain GET to `<space>/~search?q=` that works without JavaScript.
 * The header's form carries `data-q-typeahead`, which reader.js turns into a combobox.
 */

/** Props of one search form on the page (ids must differ when a page has two). */
export interface SearchFormProps {
  site: SiteView;
  /** Prefix of the form's element ids. */
  id: string;
  /** Accessible name of the search landmark ("Site search", "Search this site"). */
  label: string;
  query?: string;
  /** The header's form: reader.js adds type-ahead suggestions to it. */
  typeahead?: boolean;
}

/** Where a site space's search page lives. */
function searchAction(site: SiteView): string {
  return `${site.spacePath}/~search`;
}

/** A labelled search form. */
export function SearchForm(props: SearchFormProps) {
  const inputId = `${props.id}-input`;
  return (
    <form
      role="search"
      class="q-search"
      id={props.id}
      action={searchAction(props.site)}
      method="get"
      aria-label={props.label}
      data-q-typeahead={props.typeahead ? "" : undefined}
    >
      <label for={inputId} class="q-visually-hidden">
        Search
      </label>
      <input
        id={inputId}
        class="q-search-input"
        type="search"
        name="q"
        value={props.query ?? ""}
        placeholder="Search…"
        autocomplete="off"
        maxlength={200}
      />
      <button type="submit" class="q-button q-search-submit">
        Search
      </button>
    </form>
  );
}
