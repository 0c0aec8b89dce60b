/** Vite's `?raw` imports (a file's text), as the README parser test reads README.md. */
declare module "*?raw" {
  const text: string;
  export default text;
}
