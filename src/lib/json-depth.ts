/**
 * How deep a JSON value nests (objects and arrays), walked without recursion and stopping as soon
 * as `max` is passed, so a hostile 10,000-level body costs `max` steps per branch and never
 * overflows the stack. Returns the depth found, at most `max + 1`.
 */
export function jsonDepth(value: unknown, max: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== "object" || current === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > max) return deepest;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) {
      if (typeof child === "object" && child !== null) stack.push([child, level]);
    }
  }
  return deepest;
}
