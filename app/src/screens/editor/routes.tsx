import { Hono, type Context } from "hono";
import { toEditor } from "../../../../core/editor/to-editor";
import { emojiCode } from "../../../../core/render/emoji";
import { doneMessage, formAction } from "../../http/form-action";
import { readForm, type FormPost } from "../../http/forms";
import { htmlResponse } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { htmlDocument } from "../../layout/shell";
import { personOr } from "../../session/session";
import { changeRequestApiPath } from "../changes/load";
import { pageInChangeRequestPath } from "../changes/paths";
import { loadEditData } from "./load";
import {
  SETTINGS_FIELDS,
  valuesOf,
  type SettingsRefusal,
  type SettingsValues,
} from "./settings-view";
import { EditScreen } from "./view";

/**
 * The edit screen of a page inside a change request, at the page's `urls.app` there:
 * `/s/{spaceId}/~/changes/{number}/{page path}`. It reads the change request and the page
 * (load.ts) and renders the block editor (app/client/editor/) on the page's document, with the
 * page settings form (settings-view.tsx) whose post is one `update_page` of the content batch.
 * A page with no document (a group) and anything the person cannot see answer the one
 * not-found.
 */
export const editorRoutes = new Hono<ScreenEnv>();

const PREFIX = /^\/s\/[^/]+\/~\/changes\/[^/]+\/(.+)$/;

/** What the edit screen says after its form. */
const DONE = { settings: "Page settings saved." } as const;

/** The edit screen of the page at `pagePath`, with a refused save's reason and typed values. */
async function editScreen(
  c: Context<ScreenEnv>,
  pagePath: string,
  extra: { refusal?: SettingsRefusal; typed?: SettingsValues; done?: string | null },
  status = 200,
): Promise<Response> {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const space = c.req.param("space") ?? "";
  const data = await loadEditData(c.var.api, space, c.req.param("number") ?? "", pagePath);
  if (!data.page.document) return c.notFound();
  const editorJson = toEditor(data.page.document);
  const settings = {
    action: `${pageInChangeRequestPath(space, data.changeRequest.number, "~/settings")}/${encodeURIComponent(data.page.id)}`,
    values: extra.typed ?? valuesOf(data.page),
    refusal: extra.refusal ?? null,
  };
  return htmlResponse(
    htmlDocument(
      <EditScreen
        person={person}
        data={data}
        editorJson={editorJson}
        settings={settings}
        done={extra.done ?? null}
      />,
    ),
    status,
  );
}

editorRoutes.get("/s/:space/~/changes/:number/*", async (c) => {
  const pagePath = PREFIX.exec(new URL(c.req.url).pathname)?.[1];
  if (!pagePath) return c.notFound();
  return editScreen(c, pagePath, { done: doneMessage(c, DONE) });
});

/** What the person typed in the settings form. */
function typedValues(form: FormPost): SettingsValues {
  return {
    title: form.text("title").trim(),
    emoji: form.text("emoji").trim(),
    icon: form.text("icon").trim(),
    description: form.text("description").trim(),
    slug: form.text("slug").trim(),
    hidden: form.text("hidden") === "yes",
  };
}

/** The form field an API refusal names (`body.changes[0].slug: …`), if one of the form's. */
function refusalOf(message: string): SettingsRefusal {
  const named = /changes\[\d+\]\.(\w+)/.exec(message)?.[1];
  const field = SETTINGS_FIELDS.find((f) => f === named);
  return field ? { message, field } : { message };
}

/** The page's path once its slug is `slug` (its parent's path, then the slug). */
function pathWithSlug(path: string, slug: string): string {
  const parents = path.split("/").filter(Boolean).slice(0, -1);
  return [...parents, slug].join("/");
}

formAction<string>(editorRoutes, "/s/:space/~/changes/:number{[0-9]+}/~/settings/:page", {
  done: "settings",
  render: async (c, extra, status) => {
    const form = await readForm(c);
    const refusal = refusalOf(extra.error ?? "The settings were not saved");
    return editScreen(c, form.text("path"), { refusal, typed: typedValues(form) }, status);
  },
  back: (_c, back) => back,
  call: async (c, form) => {
    const space = c.req.param("space") ?? "";
    const number = c.req.param("number") ?? "";
    const typed = typedValues(form);
    const change = {
      operation: "update_page",
      page: c.req.param("page"),
      title: typed.title,
      emoji: emojiCode(typed.emoji),
      icon: typed.icon,
      description: typed.description,
      slug: typed.slug,
      hidden: typed.hidden,
    };
    await c.var.api.post(`${changeRequestApiPath(space, number)}/content`, {
      csrf: form.csrf,
      body: { changes: [change] },
    });
    return pageInChangeRequestPath(
      space,
      Number(number),
      pathWithSlug(form.text("path"), typed.slug),
    );
  },
});
