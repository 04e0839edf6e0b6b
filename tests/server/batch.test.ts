/**
 * The server's write batches (src/server/batch.ts): writes asked for together go in one batch;
 * with `concurrent` > 1 a slow batch doesn't hold up the next; each caller settles with its own
 * write; a failed batch is tried one by one; `drain` waits for everything asked so far.
 */
import { describe, expect, it } from "vitest";
import { WriteBatch } from "../../src/server/batch.js";

/** A write that finishes when the test says so. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((r) => {
    open = r;
  });
  return { promise, open };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("WriteBatch", () => {
  it("writes what was asked in the same turn as one batch", async () => {
    const batches: number[][] = [];
    const b = new WriteBatch<number>(
      async (items) => void batches.push([...items]),
      async (item) => void batches.push([item]),
    );
    await Promise.all([b.add(1), b.add(2), b.add(3)]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("one at a time: what comes while a batch is written waits for it", async () => {
    const first = gate();
    const batches: number[][] = [];
    const b = new WriteBatch<number>(
      async (items) => {
        batches.push([...items]);
        if (items.includes(1)) await first.promise;
      },
      async (item) => {
        batches.push([item]);
        if (item === 1) await first.promise;
      },
    );
    const one = b.add(1);
    await tick();
    const two = b.add(2);
    await tick();
    await tick();
    expect(batches).toEqual([[1]]);
    first.open();
    await Promise.all([one, two]);
    expect(batches).toEqual([[1], [2]]);
  });

  it("with concurrent batches, a slow one doesn't hold up the next, and each caller settles with its own", async () => {
    const slow = gate();
    const done: number[] = [];
    const b = new WriteBatch<number>(
      async (items) => {
        if (items.includes(1)) await slow.promise;
        done.push(...items);
      },
      async (item) => {
        if (item === 1) await slow.promise;
        done.push(item);
      },
      2,
    );
    let oneSettled = false;
    const one = b.add(1).then(() => {
      oneSettled = true;
    });
    await tick();
    await b.add(2); // written while 1's batch is still open
    expect(done).toEqual([2]);
    expect(oneSettled).toBe(false);
    const drained = b.drain();
    slow.open();
    await drained;
    await one;
    expect(done).toEqual([2, 1]);
  });

  it("tries a failed batch one by one: only the failing write fails", async () => {
    const written: number[] = [];
    const b = new WriteBatch<number>(
      async () => {
        throw new Error("batch refused");
      },
      async (item) => {
        if (item === 2) throw new Error("two is refused");
        written.push(item);
      },
      3,
    );
    const results = await Promise.allSettled([b.add(1), b.add(2), b.add(3)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(written).toEqual([1, 3]);
  });
});
