/**
 * The Git Sync repository layout, pure: `SUMMARY.md`, `.gitbook.yaml`, page and asset paths,
 * relative links, and the plan of a repository's pages. Used by the space export and import
 * (and later by Git Sync itself).
 */
export * from "./paths";
export * from "./summary";
export * from "./config";
export * from "./front-matter";
export * from "./layout";
export * from "./read";
export * from "./placeholders";
