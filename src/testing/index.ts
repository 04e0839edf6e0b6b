/** Testing tools: the invariants as reusable checks, non-interference of views, and the fuzzer. */
export * from "./fuzz.js";
export * from "./invariants.js";
export * from "./noninterference.js";
