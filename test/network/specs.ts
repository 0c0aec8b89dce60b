/**
 * `specs.example.com`: the spec servers of test/openapi-specs. Fixed documents by path, a
 * document that changes on each request (`/changing.json?id=`), external references, a
 * reference loop, a server that answers late (`/slow.json?ms=`) and one that never answers
 * (`/never`).
 */
const PETSTORE = {
  openapi: "3.0.3",
  info: { title: "Petstore", version: "1.0.0" },
  paths: {
    "/pets": {
      get: {
        summary: "List pets",
        responses: {
          "200": {
            description: "OK",
            content: {
              "application/json": {
                schema: { type: "array", items: { $ref: "#/components/schemas/Pet" } },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: { type: "object", properties: { name: { type: "string" } } },
    },
  },
};

const WITH_REF_YAML = `openapi: 3.1.0
info:
  title: With refs
  version: "2"
paths:
  /pets:
    get:
      responses:
        "200":
          description: OK
          content:
            application/json:
              schema:
                $ref: "./schemas.yaml#/Pet"
`;

const SCHEMAS_YAML = `Pet:
  type: object
  properties:
    tag:
      $ref: "#/Tag"
Tag:
  type: string
`;

const LOOP_YAML = `openapi: 3.1.0
info:
  title: Loop
  version: "1"
paths:
  /a:
    get:
      responses:
        "200":
          description: OK
          content:
            application/json:
              schema:
                $ref: "./loop-b.yaml#/B"
`;

const LOOP_B_YAML = `B:
  type: object
  properties:
    again:
      $ref: "./loop-c.yaml#/C"
`;

const LOOP_C_YAML = `C:
  $ref: "./loop-b.yaml#/B"
`;

const SWAGGER = {
  swagger: "2.0",
  info: { title: "Old", version: "1" },
  paths: { "/x": { get: { responses: { "200": { description: "OK" } } } } },
};

const counters = new Map<string, number>();

const yaml = (text: string) =>
  new Response(text, { headers: { "content-type": "application/yaml" } });

/** The handler registered in test/network/index.ts. */
export default async function specs(request: Request): Promise<Response> {
  const url = new URL(request.url);
  switch (url.pathname) {
    case "/petstore.json":
      return Response.json(PETSTORE);
    case "/swagger.json":
      return Response.json(SWAGGER);
    case "/with-ref.yaml":
      return yaml(WITH_REF_YAML);
    case "/schemas.yaml":
      return yaml(SCHEMAS_YAML);
    case "/loop.yaml":
      return yaml(LOOP_YAML);
    case "/loop-b.yaml":
      return yaml(LOOP_B_YAML);
    case "/loop-c.yaml":
      return yaml(LOOP_C_YAML);
    case "/changing.json": {
      const id = url.searchParams.get("id") ?? "";
      const n = (counters.get(id) ?? 0) + 1;
      counters.set(id, n);
      return Response.json({ ...PETSTORE, info: { title: "Changing", version: String(n) } });
    }
    case "/slow.json": {
      await new Promise((resolve) =>
        setTimeout(resolve, Number(url.searchParams.get("ms") ?? 1000)),
      );
      return Response.json({ ...PETSTORE, info: { title: "Slow", version: "1" } });
    }
    case "/never":
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      return new Response("too late");
    default:
      return new Response("not found", { status: 404 });
  }
}
