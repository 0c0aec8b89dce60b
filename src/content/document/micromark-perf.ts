import { EditMap } from "micromark-util-edit-map";
import type { Event } from "micromark-util-types";

type Change = [number, number, Event[]];

/**
 * A linear `EditMap.consume`. micromark 4.0.3's own copies the WHOLE event list on every call,
 * and its document tokenizer calls it each time a container (blockquote, list item) closes, so
 * parsing is quadratic in the number of containers: 200 KB of blockquotes took over 20 s of CPU.
 * This applies the same edits and yields the same list, touching only the events from the first
 * edit onwards (the tokenizer's edits are always near the end).
 *
 * Same semantics as the original: with changes sorted by index, the result is
 * `E[0:a1] + A1 + E[a1+r1 : a2] + A2 + ... + An + E[an+rn : end]` (empty slices when ranges overlap).
 */
export function linearConsume(
  this: { map: Change[]; index: Map<number, Change> },
  events: Event[],
) {
  if (this.map.length === 0) return undefined;
  this.map.sort((a, b) => a[0] - b[0]);
  const first = (this.map[0] as Change)[0];
  const tail = events.slice(first);
  const end = first + tail.length;
  events.length = first;
  let cursor = first;
  for (const [at, remove, add] of this.map) {
    for (let i = cursor; i < at && i < end; i++) events.push(tail[i - first] as Event);
    for (const event of add) events.push(event);
    cursor = at + remove;
  }
  for (let i = cursor; i < end; i++) events.push(tail[i - first] as Event);
  this.map.length = 0;
  this.index.clear();
  return undefined;
}

/** The library's own implementation, kept so tests can compare both on the same edits. */
export const originalConsume = EditMap.prototype.consume;

/**
 * Installs `linearConsume` once. Module state is shared, so the micromark instance that
 * `mdast-util-from-markdown` uses picks it up; `parseMarkdown` calls this before parsing.
 */
export function installLinearConsume(): void {
  if (EditMap.prototype.consume !== linearConsume) {
    EditMap.prototype.consume = linearConsume;
  }
}
