import type { Space } from "../../api/content-types";
import { spacePath } from "../../layout/workspace-data";
import { historyPath } from "./paths";

/**
 * The breadcrumbs of the history and revision screens: the space, its history, then where the
 * person is (a revision, a page of it, a revert), the last one marked current (space.css: the space screen's crumbs).
 */
export function HistoryCrumbs(props: { space: Space; trail: Array<[string, string | null]> }) {
  const { space, trail } = props;
  const last = trail.length - 1;
  return (
    <nav class="a-sp-crumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href={spacePath(space.id)}>{space.title}</a>
        </li>
        <li>
          {trail.length === 0 ? (
            <span aria-current="page">History</span>
          ) : (
            <a href={historyPath(space.id)}>History</a>
          )}
        </li>
        {trail.map(([label, href], i) => (
          <li>
            {href && i !== last ? (
              <a href={href}>{label}</a>
            ) : (
              <span aria-current={i === last ? "page" : undefined}>{label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
