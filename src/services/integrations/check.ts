/** What publishing calls to refuse a script that does not load or has no fetch handler. */
export { checkScript } from "./sandbox";
