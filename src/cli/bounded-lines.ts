/**
 * Lines of a stream, each at most `maxBytes` long: a longer line is not kept in memory — its bytes
 * are counted and dropped up to its newline, and it is reported as `{ tooLong: bytes }` — so a
 * peer sending a line without end can't make the reader hold more than `maxBytes` (plus a chunk).
 */
export type BoundedLine = string | { tooLong: number };

export function boundedLineReader(
  input: NodeJS.ReadableStream,
  maxBytes: number,
): () => Promise<BoundedLine | null> {
  const iterator = (input as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  let parts: Buffer[] = [];
  let held = 0;
  /** Bytes of the line being dropped (over the bound), or -1 while the line is kept. */
  let dropped = -1;
  const ready: BoundedLine[] = [];
  let ended = false;

  const take = (chunk: Buffer): void => {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      const end = nl === -1 ? chunk.length : nl;
      const piece = chunk.subarray(start, end);
      if (dropped >= 0) dropped += piece.length;
      else if (held + piece.length > maxBytes) {
        dropped = held + piece.length;
        parts = [];
        held = 0;
      } else if (piece.length > 0) {
        parts.push(piece);
        held += piece.length;
      }
      if (nl === -1) return;
      finishLine();
      start = nl + 1;
    }
  };
  const finishLine = (): void => {
    if (dropped >= 0) ready.push({ tooLong: dropped });
    else ready.push(Buffer.concat(parts, held).toString("utf8").replace(/\r$/, ""));
    parts = [];
    held = 0;
    dropped = -1;
  };

  return async () => {
    while (ready.length === 0 && !ended) {
      const r = await iterator.next();
      if (r.done) {
        ended = true;
        if (held > 0 || dropped >= 0) finishLine();
      } else take(typeof r.value === "string" ? Buffer.from(r.value) : r.value);
    }
    return ready.shift() ?? null;
  };
}
