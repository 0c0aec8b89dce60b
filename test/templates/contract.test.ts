import { describe, expect, it } from "vitest";
import { assertContract } from "../helpers/contract";
import { call } from "../helpers/api";
import { applyTemplate, makeTemplateWorld } from "../helpers/templates-factories";

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
};

/** Follows `$ref`s of the served document. */
function deref(doc: { components: { schemas: Record<string, Schema> } }, s: Schema): Schema {
  return s.$ref ? deref(doc, doc.components.schemas[s.$ref.split("/").pop()!]!) : s;
}

describe("the template operations' contract", () => {
  it("documents POST /v1/spaces/{spaceId}/content/template with the official body and 201", async () => {
    const res = await call("GET", "/openapi.json");
    const op = res.body.paths["/v1/spaces/{spaceId}/content/template"]?.post;
    expect(op, "the operation is served and documented").toBeDefined();
    expect(Object.keys(op.responses)).toContain("201");
    expect(op.responses["201"].content).toBeUndefined();
    const body = deref(res.body, op.requestBody.content["application/json"].schema);
    expect(Object.keys(body.properties!).sort()).toEqual(["changeRequestId", "id", "params"]);
    expect(body.required).toEqual(["id"]);
    const params = deref(res.body, body.properties!.params!);
    const refs = deref(res.body, params.properties!.contentRefs!);
    const ref = deref(res.body, refs.additionalProperties as Schema);
    expect(Object.keys(ref.properties!).sort()).toEqual(["file", "kind", "space"]);
    expect(ref.required!.sort()).toEqual(["file", "kind"]);
  });

  it("documents the change-request body's template as ApplySpaceTemplate", async () => {
    const res = await call("GET", "/openapi.json");
    const op = res.body.paths["/v1/spaces/{spaceId}/change-requests"].post;
    const body = deref(res.body, op.requestBody.content["application/json"].schema);
    const template = deref(res.body, body.properties!.template!);
    expect(Object.keys(template.properties!).sort()).toEqual(["id", "params"]);
    expect(template.required).toEqual(["id"]);
  });

  it("answers 201 with no body, which the official document lists without content", async () => {
    const { space, editor } = await makeTemplateWorld();
    const res = await applyTemplate(editor, space.id, { id: "runbooks" });
    expect(res.status).toBe(201);
    expect(res.text).toBe("");
    expect(res.headers.get("Content-Type")).toBeNull();
  });

  it("errors have the one error shape the contract checks", async () => {
    const { space, editor } = await makeTemplateWorld();
    const res = await applyTemplate(editor, space.id, { id: "nope" });
    expect(res.status).toBe(400);
    expect(assertContract("POST", `/v1/spaces/${space.id}/content/template`, 400, res.body)).toBe(
      "official",
    );
  });
});
