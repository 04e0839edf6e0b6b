/**
 * Plain ASCII output: `--ascii`, `TERM=dumb`, or a locale that is not UTF-8 (docs/cli.md, "Colour,
 * Unicode and ASCII"). The narration and the reports use a few symbols (━ ▸ → ⊘ ✓ …); this turns
 * every output line into ASCII at the last moment, so no narrator needs to know.
 *
 * A text line is transliterated with the table below (then accents dropped, then "?" for the rest);
 * a JSON line (it starts with { or [) keeps its data: its non-ASCII characters, which can only be
 * inside strings, become \u escapes.
 */

/** Symbol → ASCII. Longer replacements read better than one character where the meaning matters. */
export const ASCII_TABLE: Readonly<Record<string, string>> = {
  "━": "=",
  "─": "-",
  "▸": ">",
  "▶": ">",
  "→": "->",
  "←": "<-",
  "⊘": "!",
  "✓": "ok",
  "✔": "ok",
  "✗": "x",
  "✘": "x",
  "⚡": "*",
  "⛔": "X",
  "⌛": "~",
  "↻": "~",
  "◆": "*",
  "◇": "o",
  "■": "#",
  "•": "*",
  "·": "-",
  "・": "-",
  "—": "--",
  "–": "-",
  "…": "...",
  "“": '"',
  "”": '"',
  "‘": "'",
  "’": "'",
  "«": "<<",
  "»": ">>",
  "《": "<<",
  "》": ">>",
  "×": "x",
  "≥": ">=",
  "≤": "<=",
  "≠": "!=",
  "∞": "inf",
  "\u00a0": " ",
};

const NON_ASCII = /[^\p{ASCII}]/gu;
const HAS_NON_ASCII = /[^\p{ASCII}]/u;

/** A line of text in ASCII: the table, then letters without their accents, then "?". */
function textToAscii(line: string): string {
  return line.replace(NON_ASCII, (c) => {
    const mapped = ASCII_TABLE[c];
    if (mapped !== undefined) return mapped;
    const bare = c.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    return HAS_NON_ASCII.test(bare) || bare === "" ? "?" : bare;
  });
}

/** A JSON line in ASCII with the same data: non-ASCII characters as \u escapes. */
function jsonToAscii(line: string): string {
  let out = "";
  for (const ch of line) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out += ch;
    else for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, "0")}`;
  }
  return out;
}

/** Output text (one or more lines) in ASCII. */
export function toAscii(text: string): string {
  if (!HAS_NON_ASCII.test(text)) return text;
  return text
    .split("\n")
    .map((line) => (/^\s*[[{]/.test(line) ? jsonToAscii(line) : textToAscii(line)))
    .join("\n");
}

/**
 * Whether output should be ASCII: `--ascii` before any `--`, `TERM=dumb`, or a locale
 * (LC_ALL, else LC_CTYPE, else LANG) that is set and does not name UTF-8 (C, POSIX, en_US.ISO-8859-1).
 * An unset locale keeps Unicode.
 */
export function wantsAscii(argv: readonly string[], env: Record<string, string | undefined>): boolean {
  const end = argv.indexOf("--");
  if ((end < 0 ? argv : argv.slice(0, end)).includes("--ascii")) return true;
  if (env.TERM === "dumb") return true;
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG;
  return locale !== undefined && locale !== "" && !/utf-?8/i.test(locale);
}
