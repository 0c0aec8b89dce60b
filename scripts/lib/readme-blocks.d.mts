/** Types of readme-blocks.mjs, for the workerd test of the README parser. */
export interface ShellCommand {
  text: string;
  label: string;
  line: number;
}
export interface ShellBlock {
  section: string;
  mode: "run" | "skip" | "background";
  wait: string | null;
  line: number;
  commands: ShellCommand[];
}
export function shellBlocks(markdown: string): ShellBlock[];
export function splitCommands(lines: string[], firstLine?: number): ShellCommand[];
