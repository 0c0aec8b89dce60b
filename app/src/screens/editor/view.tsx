import type { SignedIn } from "../../session/session";
import { Shell } from "../../layout/shell";
import { Notice } from "../../layout/forms";
import type { EditData } from "./load";
import { PageSettings, type SettingsRefusal, type SettingsValues } from "./settings-view";
import { EditorMount } from "./mount";

/**
 * The edit screen's HTML: the page's title, the change request it is edited in, its settings
 * form and the editor's mount with the page's ProseMirror JSON (`EditorMount`, mount.tsx).
 */

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
      <EditorMount
        person={props.person}
        spaceId={changeRequest.space}
        changeRequestId={changeRequest.id}
        page={page}
        canEdit={props.data.canEdit}
        editorJson={props.editorJson}
      />
    </Shell>
  );
}
