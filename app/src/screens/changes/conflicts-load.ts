import type { RenderContext } from "../../../../core/render/model";
import type { DiffBlock } from "../../../../core/diff/blocks";
import type { Api } from "../../api/client";
import type { ChangeRequest } from "../../api/change-request-types";
import type { RevisionTree, Space } from "../../api/content-types";
import { loadWorkspace, type WorkspaceData } from "../../layout/workspace-data";
import { renderContextOf } from "../space/load";
import { changeRequestApiPath, spaceApiPath } from "./load";
import { conflictsPath } from "./paths";

/**
 * What the conflicts screen of a change request reads through public /v1 operations: the space
 * and the change request, then the frame, its tree (the render context) and the conflicts an
 * update from main would meet (the API's Quire-extension `…/conflicts` read).
 */

/** One conflict as the API lists it. */
export interface ConflictItem {
  page: string;
  title: string;
  kind: "block" | "page" | "tree";
  block?: string;
  reason: string;
  main?: DiffBlock | null;
  mine?: DiffBlock | null;
}

/** The conflicts screen's data. */
export interface ConflictsView {
  frame: WorkspaceData;
  space: Space;
  changeRequest: ChangeRequest;
  conflicts: ConflictItem[];
  context: RenderContext;
}

/** Reads the conflicts screen of change request `number` of `spaceId`. */
export async function loadConflicts(
  api: Api,
  spaceId: string,
  number: string,
): Promise<ConflictsView> {
  const [space, changeRequest] = await Promise.all([
    api.get<Space>(spaceApiPath(spaceId)),
    api.get<ChangeRequest>(changeRequestApiPath(spaceId, number)),
  ]);
  const crPath = changeRequestApiPath(spaceId, String(changeRequest.number));
  const [frame, tree, list] = await Promise.all([
    loadWorkspace(api, space.organization),
    api.get<RevisionTree>(`${crPath}/content`, { bodies: false }),
    api.get<{ items: ConflictItem[] }>(`${crPath}/conflicts`),
  ]);
  const context = renderContextOf(space, tree, conflictsPath(space.id, changeRequest.number));
  return { frame, space, changeRequest, conflicts: list.items, context };
}

/** The resolutions a conflicts form sent: `take.<n>` chosen for `page.<n>` (and `block.<n>`). */
export function resolutionsOf(form: { text(name: string): string }): unknown[] {
  const count = Math.min(Number.parseInt(form.text("count"), 10) || 0, 1000);
  const out: unknown[] = [];
  for (let n = 0; n < count; n++) {
    const take = form.text(`take.${n}`);
    if (!take) continue;
    const block = form.text(`block.${n}`);
    out.push({ page: form.text(`page.${n}`), ...(block ? { block } : {}), take });
  }
  return out;
}
