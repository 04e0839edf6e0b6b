/**
 * Text on its way to the terminal, without terminal control codes. Names and labels come from
 * files — player names from a replay, card names from a card set, a scenario's name, a preset's id
 * — and an escape sequence in one could recolour the terminal, move the cursor, rewrite the
 * window's title, write to the clipboard (OSC 52) or hide what follows. Everything the command
 * line writes goes through `printable` (program.ts wraps its output with it), so no print site can
 * forget it (docs/cli.md, "Colour, Unicode and ASCII").
 */

/**
 * ECMA-48 sequences, whole: CSI (ESC [ or U+009B, parameters, intermediates, a final byte); the
 * control strings OSC, DCS, SOS, PM and APC (ESC ] P X ^ _ or their C1 forms) up to their
 * terminator (BEL, ESC \ or U+009C), or the end of the line; any other escape (ESC and its bytes).
 */
const SEQUENCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c\n]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -/]*[0-~]?/g;

/**
 * What is left that a terminal acts on or that reorders what is shown: C0 controls but tab and
 * line feed (a carriage return or a backspace overwrites what was written), DEL, the C1 controls,
 * and the bidirectional overrides and isolates (text shown in another order than it is stored).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A JSON line: its strings keep their data, so controls become \u escapes there, not nothing. */
const JSON_LINE = /^\s*[[{]/;

function escapeControl(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * `text` (one or more lines) without terminal control codes: escape sequences removed whole, other
 * control characters removed; in a JSON line (one that starts with `{` or `[`) every control
 * character becomes a `\uXXXX` escape instead, which is the same JSON string.
 */
export function printable(text: string): string {
  CONTROL.lastIndex = 0;
  if (!CONTROL.test(text)) return text;
  CONTROL.lastIndex = 0;
  return text
    .split("\n")
    .map((line) =>
      JSON_LINE.test(line)
        ? line.replace(CONTROL, escapeControl)
        : line.replace(SEQUENCE, "").replace(CONTROL, ""),
    )
    .join("\n");
}
