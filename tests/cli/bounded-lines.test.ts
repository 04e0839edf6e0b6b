/**
 * The host's line reader: lines come out whole however the input is cut into chunks, a line over
 * the bound is reported by its length and never held (the reader keeps at most the bound), and
 * what follows it is read as usual.
 */
import { PassThrough } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundedLineReader } from "../../src/cli/bounded-lines.js";

async function readAll(chunks: readonly string[], max: number) {
  const input = new PassThrough();
  const read = boundedLineReader(input, max);
  for (const c of chunks) input.write(c);
  input.end();
  const out = [];
  for (let line = await read(); line !== null; line = await read()) out.push(line);
  return out;
}

describe("boundedLineReader", () => {
  it("gives each line whole, a long one as its length, and the lines after it", async () => {
    expect(await readAll(["ab", "c\nxxxxxxxx", "xx\r\nd", "\ne"], 5)).toEqual([
      "abc",
      { tooLong: 11 },
      "d",
      "e",
    ]);
  });

  it("splits like split('\\n') whatever the chunks, when no line is over the bound", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.stringMatching(/^[a-z{}"]{0,12}$/), { maxLength: 8 }),
        fc.nat(),
        async (lines, cut) => {
          const text = lines.join("\n");
          const at = text.length === 0 ? 0 : cut % text.length;
          const got = await readAll([text.slice(0, at), text.slice(at)], 64);
          const expected = text === "" ? [] : text.split("\n");
          expect(got).toEqual(
            expected.length > 0 && expected.at(-1) === "" ? expected.slice(0, -1) : expected,
          );
        },
      ),
    );
  });
});
