import { z } from "@hono/zod-openapi";
import { ConditionSyntaxError, parseCondition } from "../lib/condition";
import { pagedQuery } from "../http/pagination";
import { queryBoolean } from "../api-document/common";
import { beforeOrAfter, entityId, LiveOnly, pathString, refusedField, shareKey } from "./common";
import { SiteParams } from "./sites";
import { SpaceSchema } from "./spaces";

/** Path of one site space. */
export const SiteSpaceParams = SiteParams.extend({ siteSpaceId: pathString("siteSpaceId") });
/** Path of one section. */
export const SectionParams = SiteParams.extend({ siteSectionId: pathString("siteSectionId") });
/** Path of one section group. */
export const GroupParams = SiteParams.extend({
  siteSectionGroupId: pathString("siteSectionGroupId"),
});
/** Path of a section inside a section group. */
export const GroupSectionParams = GroupParams.extend({
  siteSectionId: pathString("siteSectionId"),
});

/** The official `shareKey` query parameter: decorates published URLs of share-link sites. */
const ShareKey = shareKey.optional().openapi({
  description: "For sites published via share-links, the share key resolves published URLs.",
});

/** The official `Prefer` header of structure writes: `return=minimal` answers 204. */
export { PreferHeader as PreferHeaders } from "./common";

/** Query of reads that present published URLs. */
export const ShareKeyQuery = z.object({ shareKey: ShareKey });

/** Query of the site-space list. */
export const ListSiteSpacesQuery = pagedQuery.extend({
  shareKey: ShareKey,
  default: queryBoolean.optional().openapi({
    type: "boolean",
    description: "true: only default site spaces; false: only the others; absent: all.",
  }),
});

/** Query of the section list. */
export const ListSectionsQuery = pagedQuery.extend({ shareKey: ShareKey });

/** A site-space or section path: 1 to 100 URL-safe characters, no slash. */
const StructurePath = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._~-]*$/, "must be letters, digits, '.', '_', '~' or '-'");

/**
 * A visitor condition (official Expression, at most 1024): parsed with the condition grammar
 * (src/lib/condition.ts); what does not parse is a 400 naming the position.
 */
const Condition = z
  .string()
  .max(1024)
  .superRefine((text, ctx) => {
    if (text.trim() === "") return;
    try {
      parseCondition(text);
    } catch (err) {
      if (!(err instanceof ConditionSyntaxError)) throw err;
      ctx.addIssue({ code: "custom", message: err.message });
    }
  });

/** Official Icon: an icon name, at most 50 characters. */
const Icon = z.string().trim().min(1).max(50);

/**
 * The official `spaceId` of the writes that add content: an existing space. `null` (create a
 * space here) is refused with its reason; the document lists only what is taken.
 */
const ExistingSpaceId = z
  .string({
    error: (issue) =>
      issue.input === null
        ? "creating a space from a site is not supported: create it (POST /orgs/{organizationId}/spaces) and pass its id"
        : undefined,
  })
  .min(1)
  .max(64);

/** The official `template` of those writes: only with `spaceId: null`, which is refused. */
const NewSpaceTemplate = refusedField(
  "a template applies to a new space (spaceId: null); create the space from the template first",
);

/** The official custom home page of a site space or section: none but the space's own. */
const NoCustomHomePage = (nullable: boolean) =>
  nullable
    ? z
        .null({ error: "custom home pages are not supported: the space's first page is its home" })
        .optional()
        .openapi({ description: "Only null: the space's own first page is the home page." })
    : refusedField("custom home pages are not supported: the space's first page is its home");

/** The official localized overrides: Quire keeps one title and description per item. */
const NoLocalized = refusedField(
  "localized titles and descriptions are not supported: one title per item",
);

/** Official SiteTitle, the site-specific title of a variant. */
const SiteSpaceTitle = z.string().trim().min(2).max(128);

/** Body of adding a space to a site. */
export const AddSiteSpaceBody = z
  .object({
    spaceId: ExistingSpaceId,
    template: NewSpaceTemplate,
    sectionId: entityId.optional().openapi({
      description: "Section to add to; default: the default section, or the root without sections.",
    }),
    draft: LiveOnly,
    pageId: NoCustomHomePage(true),
    title: SiteSpaceTitle.optional().openapi({
      description: "Site-specific title of the variant (default: the space's title).",
    }),
  })
  .strict();

/** Body of a site-space update. */
export const UpdateSiteSpaceBody = z
  .object({
    path: StructurePath.optional(),
    condition: Condition.nullable().optional(),
    pageId: NoCustomHomePage(true),
    spaceId: entityId.optional(),
    hidden: z
      .literal(false, { error: "hidden site spaces are not supported: remove it from the site" })
      .optional()
      .openapi({ description: "Only false: every site space is shown in the navigation." }),
    draft: LiveOnly,
  })
  .strict();

/** Body of section creation. */
export const CreateSectionBody = z
  .object({
    spaceId: ExistingSpaceId.openapi({
      description: "Space published as the section's first variant.",
    }),
    template: NewSpaceTemplate,
    title: z.string().trim().min(2).max(128).nullable().optional(),
    icon: Icon.nullable().optional(),
    draft: LiveOnly,
    pageId: NoCustomHomePage(false),
    siteSectionGroupId: entityId.optional(),
  })
  .strict();

/** Body of a section update. */
export const UpdateSectionBody = z
  .object({
    title: z.string().trim().min(2).max(128).optional(),
    localizedTitle: NoLocalized,
    path: StructurePath.optional(),
    defaultSiteSpace: entityId.optional(),
    condition: Condition.nullable().optional(),
    icon: Icon.nullable().optional(),
    draft: LiveOnly,
    description: z.string().max(256).nullable().optional(),
    localizedDescription: NoLocalized,
    siteSectionGroupId: entityId.nullable().optional(),
  })
  .strict();

/** Body of section-group creation. */
export const CreateGroupBody = z
  .object({
    title: z.string().trim().min(1).max(100),
    icon: Icon.nullable().optional(),
    sections: z.array(entityId).max(100).optional(),
    parent: entityId.optional(),
    draft: LiveOnly,
  })
  .strict();

/** Body of a section-group update. */
export const UpdateGroupBody = z
  .object({
    title: z.string().trim().min(1).max(100).optional(),
    localizedTitle: NoLocalized,
    icon: Icon.nullable().optional(),
    draft: LiveOnly,
    parentSectionGroupId: entityId.nullable().optional(),
  })
  .strict();

/** Body of adding a section to a group. */
export const AddGroupSectionBody = z.object({ sectionId: entityId }).strict();

/** Body of a deprecated move: an optional position before or after one sibling. */
const positionBody = <T extends z.ZodType>(pointer: T) =>
  z.object({ position: beforeOrAfter(pointer).optional() }).strict();

/** Body of the deprecated site-space move. */
export const MoveSiteSpaceBody = positionBody(
  z.object({ type: z.literal("site-space"), siteSpace: entityId }).strict(),
);

/** Body of the deprecated section move. */
export const MoveSectionBody = positionBody(
  z.object({ type: z.literal("site-section"), siteSection: entityId }).strict(),
);

/** Body of the deprecated section-group move. */
export const MoveGroupBody = positionBody(
  z.object({ type: z.enum(["site-section", "site-section-group"]), id: entityId }).strict(),
);

const StructurePointer = z
  .object({
    type: z.enum(["site-space", "site-section", "site-section-group", "site-external-link"]),
    id: entityId,
  })
  .strict();

/** Body of the structure sort (official sortSiteStructure). */
export const SortStructureBody = z
  .object({ item: StructurePointer, position: beforeOrAfter(StructurePointer) })
  .strict();

/** The official SiteSpace object. */
export const SiteSpaceSchema = z
  .object({
    object: z.literal("site-space"),
    id: z.string(),
    path: z.string(),
    section: z.string().optional(),
    space: SpaceSchema,
    title: z.string(),
    default: z.boolean(),
    condition: z.string().optional(),
    draft: z.boolean(),
    urls: z.object({ published: z.string().optional() }),
  })
  .openapi("SiteSpace");

/** The official SiteSection object. */
export const SiteSectionSchema = z
  .object({
    object: z.literal("site-section"),
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    default: z.boolean(),
    draft: z.boolean(),
    path: z.string(),
    condition: z.string().optional(),
    sectionGroup: z.string().optional(),
    siteSpaces: z.array(SiteSpaceSchema),
    urls: z.object({ published: z.string().optional() }),
    icon: z.string().optional(),
  })
  .openapi("SiteSection");

/** A group nested in another (checked loosely here; the official document is recursive). */
const NestedGroupSchema = z.looseObject({
  object: z.literal("site-section-group"),
  id: z.string(),
  title: z.string(),
});

/** The official SiteSectionGroup object. */
export const SiteSectionGroupSchema = z
  .object({
    object: z.literal("site-section-group"),
    id: z.string(),
    title: z.string(),
    sections: z.array(SiteSectionSchema),
    sectionGroup: z.string().optional(),
    draft: z.boolean(),
    children: z.array(z.union([SiteSectionSchema, NestedGroupSchema])),
    icon: z.string().optional(),
  })
  .openapi("SiteSectionGroup");

/** The official SiteStructure. */
export const SiteStructureSchema = z
  .union([
    z.object({
      type: z.literal("sections"),
      structure: z.array(z.union([SiteSectionSchema, SiteSectionGroupSchema])),
    }),
    z.object({ type: z.literal("siteSpaces"), structure: z.array(SiteSpaceSchema) }),
  ])
  .openapi("SiteStructure");

/** Wire types. */
export type SiteSpace = z.infer<typeof SiteSpaceSchema>;
/** The SiteSection wire type. */
export type SiteSection = z.infer<typeof SiteSectionSchema>;
/** The SiteSectionGroup wire type. */
export type SiteSectionGroup = z.infer<typeof SiteSectionGroupSchema>;
/** The SiteStructure wire type. */
export type SiteStructure = z.infer<typeof SiteStructureSchema>;
