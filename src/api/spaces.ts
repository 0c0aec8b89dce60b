import { z } from "@hono/zod-openapi";
import { GitSyncStateSchema } from "./git-sync";
import { pagedQuery } from "../http/pagination";
import { permissionsOf } from "../api-document/common";
import { DefaultLevel, entityId, pathString, visitorQuery, wirePattern } from "./common";
import { CollectionParams, moveBody, TransferCollectionBody } from "./collections";
import { MergeRulesSchema, OrgParams } from "./organizations";
import { ApplySpaceTemplateSchema } from "./templates";

/** Path of an organization's spaces. */
export const OrgSpacesParams = OrgParams;

/** Path of a collection's spaces. */
export const CollectionSpacesParams = CollectionParams;

/** Path of one space. */
export const SpaceParams = z.object({ spaceId: pathString("spaceId") });

/**
 * Query of the space read: the official `shareKey`, and `visitorAuthToken` (our extension, the
 * name the published-site read uses): credentials of a published site that contains the space
 * (docs/compat-notes/sites.md).
 */
export const GetSpaceQuery = visitorQuery({
  shareKey:
    "For sites published via share-links, the key of an active share link of a published " +
    "site that contains the space: a caller without access to the space reads it (read-only).",
  visitorAuthToken:
    "A visitor JWT signed (HS256) with the key of a published visitor-auth site that " +
    "contains the space: a caller without access to the space reads it (read-only).",
});

/** Query of the space lists: PAGED. */
export const ListSpacesQuery = pagedQuery;

/** Official SpaceTitle: at most 50 characters (we also refuse a blank title). */
const SpaceTitle = z.string().trim().min(1).max(50);

/** One emoji (a sequence of pictographs, modifiers, joiners) or its hex code points (1f389). */
const EMOJI =
  /^(?:(?:1[0-9a-fA-F]{4}|[23][0-9a-fA-F]{3}|00[23aA][0-9a-fA-F]|[fF][eE]0[fF])(?:-(?:1[0-9a-fA-F]{4}|[23][0-9a-fA-F]{3}|00[23aA][0-9a-fA-F]|[fF][eE]0[fF]|[eE]00[0-7][0-9a-fA-F]))*|[0-9#*]\ufe0f?\u20e3|(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\p{Emoji_Component}|\u200d|\ufe0f|\u20e3)*(?:\p{Extended_Pictographic}|\p{Regional_Indicator})(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\p{Emoji_Component}|\u200d|\ufe0f|\u20e3)*)$/u;

/** Official Emoji: at most 50 characters, an emoji character or its code points. */
const Emoji = wirePattern(z.string().max(50), EMOJI, "must be an emoji or its hex code points");

/** Official TranslationLanguage. */
const LANGUAGES = [
  "en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh", "zh-tw", "yue", "ko", "ar",
  "hi", "nl", "pl", "tr", "sv", "no", "da", "fi", "el", "cs", "hu", "ro", "th", "vi", "id",
  "ms", "he", "uk", "sk", "bg", "hr", "lt", "lv", "et", "sl",
] as const; // prettier-ignore
const TranslationLanguage = z.enum(LANGUAGES);

/** Official SpaceEditMode. */
const SpaceEditMode = z.enum(["live", "locked"]);

/** Official MergeRulesSpaceConfiguration: inherit, or the organization's standalone forms. */
const SpaceMergeRulesSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("inherit") }).strict(),
  ...MergeRulesSchema.options,
]);

/** Body of space creation (official CreateSpace; computed sources refused). */
export const CreateSpaceBody = z
  .object({
    title: SpaceTitle.optional(),
    emoji: Emoji.optional(),
    parent: entityId.optional().openapi({ description: "ID of a parent collection" }),
    language: TranslationLanguage.optional(),
    editMode: SpaceEditMode.optional(),
    empty: z.literal(true).optional().openapi({ description: "Create an empty space" }),
    template: ApplySpaceTemplateSchema.optional().openapi({
      description: "A built-in template to fill the new space with (see the README)",
    }),
    computedSource: z.unknown().optional(),
  })
  .strict();

/** Body of a space update: every field optional; `emoji: null` / `icon: null` remove the icon. */
export const UpdateSpaceBody = z
  .object({
    editMode: SpaceEditMode.optional(),
    title: SpaceTitle.optional(),
    defaultLevel: DefaultLevel.optional(),
    language: TranslationLanguage.optional(),
    mergeRules: SpaceMergeRulesSchema.optional(),
    emoji: Emoji.nullable().optional(),
    icon: z
      .null({ error: "custom icons are not supported: set an emoji, or null to remove it" })
      .optional()
      .openapi({ description: "Only null (remove): custom icons are not supported" }),
  })
  .strict();

/** Body of a space move. */
export const MoveSpaceBody = moveBody("space");

/** Body of a space transfer (not in the official document: the collection transfer's body). */
export const TransferSpaceBody = TransferCollectionBody;

/** The official Space object (the fields this service fills). */
export const SpaceSchema = z
  .object({
    object: z.literal("space"),
    id: z.string(),
    title: z.string().max(50),
    emoji: z.string().max(50),
    visibility: z.enum([
      "public",
      "unlisted",
      "share-link",
      "visitor-auth",
      "in-collection",
      "private",
    ]),
    createdAt: z.string(),
    updatedAt: z.string(),
    deletedAt: z.string().optional(),
    editMode: SpaceEditMode,
    mergeRules: SpaceMergeRulesSchema,
    urls: z.object({
      location: z.string(),
      app: z.string(),
      published: z.string().optional(),
    }),
    organization: z.string(),
    parent: z.string().optional(),
    language: TranslationLanguage.optional(),
    revision: z.string(),
    defaultLevel: DefaultLevel,
    comments: z.number(),
    changeRequests: z.number(),
    changeRequestsOpen: z.number(),
    changeRequestsDraft: z.number(),
    permissions: permissionsOf(
      "view",
      "access",
      "admin",
      "viewInviteLinks",
      "edit",
      "triggerGitSync",
      "comment",
      "merge",
      "review",
      "installIntegration",
    ),
    gitSync: GitSyncStateSchema.optional(),
  })
  .openapi("Space");

/** The Space object's TypeScript type. */
export type Space = z.infer<typeof SpaceSchema>;
