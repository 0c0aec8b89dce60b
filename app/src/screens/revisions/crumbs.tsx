import type { Space } from "../../api/content-types";
import { SpaceCrumbs } from "../../layout/space-crumbs";
import { historyPath } from "./paths";

/**
 * The breadcrumbs of the history and revision screens: the space's crumbs with its history first,
 * then where the person is (a revision, a page of it, a revert), as `[label, href]` steps.
 */
export function HistoryCrumbs(props: { space: Space; trail: Array<[string, string | null]> }) {
  const trail = props.trail.map(([label, href]) => ({ label, href }));
  return (
    <SpaceCrumbs
      space={props.space}
      trail={[{ label: "History", href: historyPath(props.space.id) }, ...trail]}
    />
  );
}
