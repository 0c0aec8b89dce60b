import { raw } from "hono/html";
import type { SignedIn } from "../../session/session";

/**
 * The block editor's mount and the page's ProseMirror JSON as data (`<script
 * type="application/json">`, never run: the CSP allows no inline script), shared by the edit
 * screen of a change request's page and the page screen's editing in place on main (a space in
 * live edit mode). Without JavaScript the mount says that editing needs it;
 * app/client/editor/main.ts replaces that with the editor. The mount names the page's room
 * (its change request, or `data-main`), the person (their presence there) and whether they may
 * edit.
 */

/** JSON that is safe inside a `<script>` element: no `<` (so no `</script>`), no line seps. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The editor's mount on a page, in a change request (`changeRequestId`) or on main (null). */
export function EditorMount(props: {
  person: SignedIn;
  spaceId: string;
  changeRequestId: string | null;
  page: { id: string; title: string };
  canEdit: boolean;
  editorJson: unknown;
}) {
  const { page } = props;
  return (
    <>
      <div
        class="q-ed-mount"
        data-editor
        data-editor-label={`Content of ${page.title}`}
        data-space={props.spaceId}
        data-change-request={props.changeRequestId ?? undefined}
        data-main={props.changeRequestId ? undefined : "true"}
        data-page={page.id}
        data-person-id={props.person.user.id}
        data-person-name={props.person.user.displayName}
        data-can-edit={props.canEdit ? "true" : "false"}
      >
        <p data-editor-fallback class="a-message">
          {props.canEdit
            ? "Editing needs JavaScript. Turn it on in your browser to edit this page."
            : "Following this page live needs JavaScript. Turn it on in your browser to read it here."}
        </p>
      </div>
      <script type="application/json" id="editor-doc">
        {raw(scriptJson(props.editorJson))}
      </script>
    </>
  );
}
