import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { urlsOf } from "../../http/urls";
import { organizationPermissions } from "../../auth/organization";
import { integrationPermissions, type IntegrationAccess } from "../../auth/integration";
import { presentIntegration } from "../../presenters/integration";
import { signedAssetPath } from "../../services/integrations/assets";
import type { Integration } from "../../api/integrations";
import { signingSecretOf } from "../../http/signing-secret";

/** What presenting an integration to this caller needs. */
export type IntegrationView = Pick<IntegrationAccess, "integration" | "owner" | "ownerRole">;

/**
 * Presents an integration for the caller: signed URLs of its images (the asset route serves
 * them without a token), the owner with the caller's permissions there, and `admin` for the
 * owner's admins.
 */
export async function integrationOut(
  c: Context<AppEnv>,
  view: IntegrationView,
): Promise<Integration> {
  const origin = new URL(c.req.url).origin;
  const row = view.integration;
  const sign = async (key: string) =>
    origin + (await signedAssetPath(signingSecretOf(c), key, row.id));
  const [icon, previewImages] = await Promise.all([
    row.iconKey ? sign(row.iconKey) : Promise.resolve(undefined),
    Promise.all(row.previewImageKeys.map(sign)),
  ]);
  const member = view.ownerRole !== undefined;
  return presentIntegration(urlsOf(c), {
    integration: row,
    owner: view.owner,
    ownerPermissions: organizationPermissions(view.ownerRole ?? null, member),
    permissions: integrationPermissions({ isOwnerAdmin: view.ownerRole === "admin" }),
    assets: { ...(icon ? { icon } : {}), previewImages },
  });
}
