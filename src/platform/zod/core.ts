// zod's core namespace, export for export, with the English error messages as its only locale
// (src/platform/zod/index.ts says why).
import en from "zod/v4/locales/en.js";

export * from "zod/v4/core";

/** The locales the Worker carries: English, the language of the API's error messages. */
export const locales = { en };
