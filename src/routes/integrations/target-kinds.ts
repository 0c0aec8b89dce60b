import type { Urls } from "../../http/urls";
import {
  presentSiteInstallation,
  presentSpaceInstallation,
} from "../../presenters/integration-installation";
import type { installOnTarget, TargetType } from "../../services/integrations/targets";
import {
  InstallOnSiteBody,
  InstallOnSpaceBody,
  SiteInstallationParams,
  SiteInstallationSchema,
  SpaceInstallationParams,
  SpaceInstallationSchema,
} from "../../api/integration-installations";

/** A stored space or site installation. */
type TargetRow = Awaited<ReturnType<typeof installOnTarget>>;

/** What differs between the space and the site installation routes. */
export interface TargetKind {
  type: TargetType;
  plural: "spaces" | "sites";
  param: "spaceId" | "siteId";
  schema: typeof SpaceInstallationSchema | typeof SiteInstallationSchema;
  params: typeof SpaceInstallationParams | typeof SiteInstallationParams;
  body: typeof InstallOnSpaceBody | typeof InstallOnSiteBody;
  targetIdOf: (body: { space?: string; siteId?: string }) => string;
  present: (urls: Urls, name: string, row: TargetRow) => object;
}

/** The two kinds of target installation routes: spaces and sites. */
export const TARGET_KINDS: TargetKind[] = [
  {
    type: "space",
    plural: "spaces",
    param: "spaceId",
    schema: SpaceInstallationSchema,
    params: SpaceInstallationParams,
    body: InstallOnSpaceBody,
    targetIdOf: (b) => b.space ?? "",
    present: presentSpaceInstallation,
  },
  {
    type: "site",
    plural: "sites",
    param: "siteId",
    schema: SiteInstallationSchema,
    params: SiteInstallationParams,
    body: InstallOnSiteBody,
    targetIdOf: (b) => b.siteId ?? "",
    present: presentSiteInstallation,
  },
];
