/** Types of wall-time.mjs, for the workerd test of the scanner. */
export interface WallTimeAssertion {
  line: number;
  text: string;
}
export function wallTimeAssertions(text: string): WallTimeAssertion[];
