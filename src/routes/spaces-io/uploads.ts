import { createRoute, z } from "@hono/zod-openapi";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { createRouter } from "../../http/router";
import { apiUrl } from "../../http/urls";
import { signingSecretOf } from "../../http/signing-secret";
import { publicRoute } from "../../http/route-facts";
import { ownBodyCap } from "../../middleware/body-limit";
import { badRequest, forbidden } from "../../lib/errors";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import {
  SignedUploadQuery,
  StorageUploadBody,
  StorageUploadUrlSchema,
  UploadProgressSchema,
} from "../../api/imports";
import { OrgParams } from "../../api/organizations";
import {
  MAX_UPLOAD_BYTES,
  organizationFilePrefix,
  signUpload,
  uploadKeyPrefix,
  verifyUpload,
} from "../../services/spaces-io/uploads";
import { putPart, uploadProgress } from "../../services/spaces-io/upload-parts";
import { MAX_URL_FILE_BYTES } from "../../../core/files/limits";

/** Files uploaded for an import: a signed URL (official operation), then the upload itself. */
export const uploadRoutes = createRouter();

uploadRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/storage/upload",
    tags: ["storage"],
    summary:
      "Create a signed URL to upload a file (import_file: to import; organization_file: ≤ 100 MiB, for insert_files)",
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
    if (kind === "customization_font")
      throw badRequest(`body.kind: "customization_font" uploads are not supported by Quire`);
    const [limit, prefix] =
      kind === "import_file"
        ? [MAX_UPLOAD_BYTES, uploadKeyPrefix(organizationId)]
        : [MAX_URL_FILE_BYTES, organizationFilePrefix(organizationId)];
    if (file.size > limit)
      throw badRequest(
        `body.file.size: at most ${limit} bytes for kind ${kind} (${kind === "import_file" ? "1 GiB of files" : "100 MiB"})`,
      );
    const { key, query } = await signUpload(signingSecretOf(c), prefix, file);
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
    description:
      "Quire extension: the target of the URL generateStorageUploadURL answers. The whole file in one PUT, or resumable: parts with `Content-Range: bytes a-b/total`, in order, each but the last of one size ≥ 5 MiB; each part answers how much arrived (a part out of order: 409 saying it), the last one completes the upload.",
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
    responses: {
      200: jsonResponse(UploadProgressSchema, "A part stored: how much arrived"),
      204: { description: "Stored" },
      ...errorResponses(400, 403, 409, 413),
    },
  }),
  async (c) => {
    const upload = await verifyUpload(signingSecretOf(c), c.req.valid("query"));
    if (!upload.ok) throw forbidden(upload.reason);
    const length = Number(c.req.header("Content-Length") ?? NaN);
    if (!Number.isSafeInteger(length))
      throw badRequest("Content-Length is required: send the file with its length");
    const body = c.req.raw.body;
    if (!body) throw badRequest("The upload has no body");
    const range = c.req.header("Content-Range");
    if (range !== undefined) {
      const done = await putPart(c.env.FILES, upload, { range, length }, body);
      return c.json({ object: "storage-upload" as const, size: upload.size, ...done }, 200);
    }
    if (length !== upload.size)
      throw badRequest(
        `The body has ${length} bytes; this upload link accepts exactly ${upload.size}`,
      );
    await c.env.FILES.put(upload.key, body);
    return c.body(null, 204);
  },
);

uploadRoutes.openapi(
  createRoute({
    method: "get",
    path: "/storage/uploads",
    tags: ["storage"],
    summary: "How much of a signed upload arrived (resume a resumable upload from there)",
    description: "Quire extension: a GET of the URL generateStorageUploadURL answers.",
    security: [],
    middleware: [publicRoute()],
    request: { query: SignedUploadQuery },
    responses: {
      200: jsonResponse(UploadProgressSchema, "How much arrived"),
      ...errorResponses(403),
    },
  }),
  async (c) => {
    const upload = await verifyUpload(signingSecretOf(c), c.req.valid("query"));
    if (!upload.ok) throw forbidden(upload.reason);
    const progress = await uploadProgress(c.env.FILES, upload.key, upload.size);
    return c.json({ object: "storage-upload" as const, size: upload.size, ...progress }, 200);
  },
);
