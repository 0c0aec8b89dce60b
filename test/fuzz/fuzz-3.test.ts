// Fuzzing, shard 3 of 3: every third operation of the app's own OpenAPI document (the shards
// let vitest's two workers share the run). See test/fuzz/harness.ts.
import { fuzzShard } from "./harness";

await fuzzShard(2, 3);
