/** Types of module-memories.mjs, for the workerd test of the rule. */
export function moduleMemories(text: string): { line: number; name: string; reason: string }[];
