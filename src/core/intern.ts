/**
 * The internalized copy of a string: the one V8 keeps for property keys. A key built at run time
 * (an object's id, a counter cell's key) and kept for reuse is internalized once, where it is
 * made: each later read of `record[key]` then compares pointers instead of hashing the string and
 * looking it up among the internalized ones.
 */
export function internalized(s: string): string {
  // A named property's key is internalized; Object.keys gives that copy back. (A string that is an
  // array index would come back as a new number string: the callers' keys are never indexes.)
  return Object.keys({ [s]: 0 })[0] ?? s;
}
