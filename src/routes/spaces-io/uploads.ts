import { createRoute, z } from "@hono/zod-openapi";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { createRouter } from "../../http/router";
import { apiUrl } from "../../http/urls";
import { signingSecretOf } from "../../http/signing-secret";
import { publicRoute } from "../../http/route-facts";
import { ownBodyCap } from "../../middleware/body-limit";
import { badRequest, forbidden } from "../../lib/errors";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { SignedUploadQuery, StorageUploadBody, StorageUploadUrlSchema } from "../../api/imports";
import { OrgParams } from "../../api/organizations";
import { MAX_UPLOAD_BYTES, signUpload, verifyUpload } from "../../services/spaces-io/uploads";

/** Files uploaded for an import: a signed URL (official operation), then the upload itself. */
export const uploadRoutes = createRouter();

uploadRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/storage/upload",
    tags: ["storage"],
    summary: "Create a signed URL to upload a file (kind import_file: a zip or markdown to import)",
    request: { params: OrgParams, body: jsonBody(StorageUploadBody) },
    responses: {
      201: jsonResponse(
        StorageUploadUrlSchema,
        "Successfully generated signed URL for file upload",
      ),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { file, kind } = c.req.valid("json");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "space:write");
    requireRole(access.role, "create", "upload files to import");
    if (kind !== "import_file")
      throw badRequest(`body.kind: only "import_file" uploads are supported by Quire`);
    if (file.size > MAX_UPLOAD_BYTES)
      throw badRequest(`body.file.size: at most ${MAX_UPLOAD_BYTES} bytes (1 GiB of files)`);
    const { key, query } = await signUpload(signingSecretOf(c), organizationId, file);
    return c.json(
      { object: "storage-signed-url" as const, url: apiUrl(c, `/storage/uploads?${query}`), key },
      201,
    );
  },
);

uploadRoutes.openapi(
  createRoute({
    method: "put",
    path: "/storage/uploads",
    tags: ["storage"],
    summary: "Upload a file's bytes to a signed URL (no token needed; exactly the signed size)",
    description: "Quire extension: the target of the URL generateStorageUploadURL answers.",
    security: [],
    middleware: [publicRoute(), ownBodyCap(MAX_UPLOAD_BYTES)],
    request: {
      query: SignedUploadQuery,
      body: {
        content: {
          "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) },
        },
      },
    },
    responses: { 204: { description: "Stored" }, ...errorResponses(400, 403, 413) },
  }),
  async (c) => {
    const upload = await verifyUpload(signingSecretOf(c), c.req.valid("query"));
    if (!upload.ok) throw forbidden(upload.reason);
    const length = Number(c.req.header("Content-Length") ?? NaN);
    if (!Number.isSafeInteger(length))
      throw badRequest("Content-Length is required: send the file with its length");
    if (length !== upload.size)
      throw badRequest(
        `The body has ${length} bytes; this upload link accepts exactly ${upload.size}`,
      );
    const body = c.req.raw.body;
    if (!body) throw badRequest("The upload has no body");
    await c.env.FILES.put(upload.key, body);
    return c.body(null, 204);
  },
);
