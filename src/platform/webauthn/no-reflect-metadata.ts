/**
 * What `import "reflect-metadata"` bundles in this build (wrangler.toml [alias]): nothing. Only
 * `@peculiar/x509` needs the polyfill, and it is not bundled (./no-x509.ts says why).
 */
export const REFLECT_METADATA_NOT_BUNDLED = true;
