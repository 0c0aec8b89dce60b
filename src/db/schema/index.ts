/** The whole drizzle schema, split by domain; drizzle-kit reads this file. */
export * from "./users";
export * from "./organizations";
export * from "./teams";
export * from "./collections";
export * from "./grants";
export * from "./spaces";
export * from "./content";
export * from "./change-requests";
export * from "./comments";
export * from "./sites";
export * from "./links";
export * from "./idempotency";
export * from "./rows";
