import { spacePath } from "./workspace-data";

/** One step of a trail below a space: its label, and its address unless it has none (a group). */
export interface Crumb {
  label: string;
  href?: string | null;
}

/**
 * The breadcrumbs of every screen inside a space (its pages, change requests, history): the
 * space, then `trail`, the last step marked as the current page. One form for all of them, styled
 * by space.css (`.a-sp-crumbs`).
 */
export function SpaceCrumbs(props: { space: { id: string; title: string }; trail: Crumb[] }) {
  const { space, trail } = props;
  const last = trail.length - 1;
  return (
    <nav class="a-sp-crumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          {last < 0 ? (
            <span aria-current="page">{space.title}</span>
          ) : (
            <a href={spacePath(space.id)}>{space.title}</a>
          )}
        </li>
        {trail.map((crumb, i) => (
          <li>
            {i === last ? (
              <span aria-current="page">{crumb.label}</span>
            ) : crumb.href ? (
              <a href={crumb.href}>{crumb.label}</a>
            ) : (
              crumb.label
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
