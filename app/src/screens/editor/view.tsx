import { raw } from "hono/html";
import type { SignedIn } from "../../session/session";
import { Shell } from "../../layout/shell";
import { Notice } from "../../layout/forms";
import type { EditData } from "./load";
import { PageSettings, type SettingsRefusal, type SettingsValues } from "./settings-view";

/**
 * The edit screen's HTML: the page's title, the change request it is edited in, the editor's
 * mount and the page's ProseMirror JSON as data (`<script type="application/json">`, never
 * run: the CSP allows no inline script). Without JavaScript the mount says that editing needs
 * it; app/client/editor/main.ts replaces that with the editor. The mount names the person (their
 * presence in the page's live room) and whether they may edit.
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

/** The edit screen of a page in a change request. */
export function EditScreen(props: {
  person: SignedIn;
  data: EditData;
  editorJson: unknown;
  settings: { action: string; values: SettingsValues; refusal: SettingsRefusal | null };
  done: string | null;
}) {
  const { changeRequest, page } = props.data;
  const subject = changeRequest.subject?.trim() || "Untitled change request";
  return (
    <Shell
      title={props.data.canEdit ? `Edit ${page.title}` : page.title}
      person={props.person}
      modules={["editor"]}
      styles={["css/editor.css"]}
    >
      <p class="q-ed-context">
        {props.data.canEdit ? "Editing in change request" : "Reading in change request"}{" "}
        <a href={changeRequest.urls.app}>
          #{changeRequest.number} {subject}
        </a>
      </p>
      <h1>{page.title}</h1>
      {props.done ? (
        <Notice>
          <p>{props.done}</p>
        </Notice>
      ) : null}
      {props.data.canEdit ? (
        <PageSettings
          action={props.settings.action}
          csrf={props.person.csrf}
          path={page.path}
          values={props.settings.values}
          refusal={props.settings.refusal}
        />
      ) : null}
      <div
        class="q-ed-mount"
        data-editor
        data-editor-label={`Content of ${page.title}`}
        data-space={changeRequest.space}
        data-change-request={changeRequest.id}
        data-page={page.id}
        data-person-id={props.person.user.id}
        data-person-name={props.person.user.displayName}
        data-can-edit={props.data.canEdit ? "true" : "false"}
      >
        <p data-editor-fallback class="a-message">
          {props.data.canEdit
            ? "Editing needs JavaScript. Turn it on in your browser to edit this page."
            : "Following this page live needs JavaScript. Turn it on in your browser to read it here."}
        </p>
      </div>
      <script type="application/json" id="editor-doc">
        {raw(scriptJson(props.editorJson))}
      </script>
    </Shell>
  );
}
