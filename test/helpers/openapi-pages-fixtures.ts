/** A small OpenAPI 3.1 document exercising what pages render: refs, a cycle, a webhook. */
export function petstore(version = "1.0.0", summary = "List pets"): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: { title: "Petstore", version, description: "A store of **pets**." },
    servers: [{ url: "https://pets.example.com/v1", description: "Production" }],
    tags: [{ name: "pets", description: "Everything about pets." }],
    paths: {
      "/pets": {
        parameters: [{ name: "X-Trace", in: "header", schema: { type: "string" } }],
        get: {
          summary,
          description: "Returns every pet the store holds.",
          tags: ["pets"],
          parameters: [
            {
              name: "limit",
              in: "query",
              description: "How many pets\nto return.",
              schema: { type: "integer", format: "int32" },
            },
          ],
          responses: {
            "200": {
              description: "A list of pets",
              content: {
                "application/json": {
                  schema: { type: "array", items: { $ref: "#/components/schemas/Pet" } },
                },
              },
            },
            default: { $ref: "#/components/responses/Error" },
          },
        },
        post: {
          summary: "Create a pet",
          tags: ["pets"],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/NewPet" } } },
          },
          responses: { "201": { description: "Created" } },
        },
      },
      "/pets/{petId}": {
        get: {
          operationId: "getPet",
          tags: ["pets"],
          deprecated: true,
          parameters: [{ $ref: "#/components/parameters/petId" }],
          responses: {
            "200": {
              description: "One pet",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
            },
          },
        },
      },
    },
    webhooks: {
      newPet: {
        post: {
          summary: "A pet was added",
          requestBody: {
            content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
          },
          responses: { "200": { description: "Acknowledged" } },
        },
      },
    },
    components: {
      parameters: {
        petId: { name: "petId", in: "path", required: true, schema: { type: "string" } },
      },
      responses: {
        Error: {
          description: "An error",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
      schemas: {
        Pet: {
          description: "A pet.",
          allOf: [
            { $ref: "#/components/schemas/NewPet" },
            {
              type: "object",
              required: ["id"],
              properties: { id: { type: "integer", format: "int64", description: "Its id." } },
            },
          ],
        },
        NewPet: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string", description: "Its name." },
            kind: { type: "string", enum: ["cat", "dog"] },
            parent: { $ref: "#/components/schemas/Pet" },
            loop: { $ref: "#/components/schemas/Loop" },
          },
        },
        Loop: { $ref: "#/components/schemas/Loop" },
        Error: {
          type: "object",
          properties: { message: { type: "string" }, code: { type: "integer" } },
        },
      },
    },
  };
}

/** A `builtin:openapi` computed source over the spec `slug` (official shape). */
export function openApiSource(slug: string, props: Record<string, unknown>) {
  return {
    type: "builtin:openapi",
    dependencies: { spec: { ref: { kind: "openapi", spec: slug } } },
    props,
  };
}

/** An `openapi-operation` block pointing into the spec `slug`. */
export function operationBlock(slug: string, path: string, method: string) {
  return {
    object: "block",
    type: "openapi-operation",
    isVoid: true,
    data: { ref: { kind: "openapi", spec: slug }, path, method },
  };
}
