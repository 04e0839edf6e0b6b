/**
 * The bad-input corpus's expectations, as data (bad-input.test.ts runs them):
 *
 * - scenarios/*.yaml: each file says what it expects in its first lines, `# expect: <regex>` for
 *   the failure's message and `# at: line:col` for where it is reported. Files that cannot carry
 *   a comment (empty, binary, huge …) are written at test time: `generatedScenarios`.
 * - replays/*.replay: replay files (not .json, so formatters leave the malformed ones alone), with
 *   their exit code and message in `replayFiles`; `generatedReplays` are written at test time.
 * - `replayMutations`: a real saved game (played at test time, so it follows the rules as they
 *   are) changed one way each: a response for the wrong player, an illegal option, too few …
 * - `cliCases`: argument lists, with {tmp} (a scratch directory), {file} (a regular file there),
 *   {empty} (an empty directory there) and {base} (the real saved game) filled in.
 */

export interface Expected {
  /** The exit code: 1 something ran and failed (a replay diverged), 2 usage or input error. */
  code: 1 | 2;
  /** Matched against stderr. */
  stderr: RegExp;
}

// ---- scenario files written at test time --------------------------------------------------------

export interface GeneratedScenario {
  name: string;
  /** The file's bytes, or "directory" / "missing" for a path that is not a readable file. */
  content: () => Uint8Array | string | "directory" | "missing";
  message: RegExp;
  at: string;
}

const MiB = 1024 * 1024;

/** A deterministic run of bytes that are not text (a PNG signature, then noise). */
function garbage(n: number): Uint8Array {
  const out = new Uint8Array(n);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let x = 0x2545f491;
  for (let i = 8; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

export const generatedScenarios: GeneratedScenario[] = [
  {
    name: "empty.yaml",
    content: () => "",
    message: /^the file has no YAML content; expected a mapping with name, preset/,
    at: "1:1",
  },
  {
    name: "binary-garbage.yaml",
    content: () => garbage(4096),
    message: /^not UTF-8 text \(a binary file\?\)$/,
    at: "1:1",
  },
  {
    name: "latin-1.yaml",
    content: () =>
      Buffer.from("name: a scenario\npreset: skirmish\ndescription: caf\xe9 au lait\n", "latin1"),
    message: /^not UTF-8 text/,
    at: "3:17",
  },
  {
    name: "nul-byte.yaml",
    content: () => "name: a scenario\npreset: skir\u0000mish\n",
    message: /^a NUL character: not a text file/,
    at: "2:13",
  },
  {
    name: "huge.yaml",
    content: () =>
      `name: huge\npreset: skirmish\n${"# filler filler filler filler filler filler filler\n".repeat((5 * MiB) / 52)}`,
    message: /^the file is [\d.]+ MiB \(\d+ bytes\); scenario files are limited to 4 MiB$/,
    at: "1:1",
  },
  {
    name: "too-many-tokens.yaml",
    content: () => `name: many tokens\npreset: skirmish\noptions:\n  big: [${"1, ".repeat(60_000)}1]\n`,
    message:
      /^more than 100000 YAML tokens \(keys, values and punctuation\); scenario files are limited to 100000$/,
    at: "4:99991",
  },
  {
    name: "many-keys.yaml",
    content: () =>
      `name: many keys\npreset: skirmish\noptions:\n${Array.from({ length: 40_000 }, (_, i) => `  k${i}: ${i}\n`).join("")}`,
    message: /^more than 100000 YAML tokens/,
    at: "16668:10",
  },
  {
    name: "deep-and-huge.yaml",
    content: () => `name: deep\npreset: skirmish\noptions: ${"[".repeat(MiB)}\n`,
    message: /^nested deeper than 64 levels of mappings and sequences; scenario files are limited to 64$/,
    at: "3:73",
  },
  {
    name: "a-directory.yaml",
    content: () => "directory",
    message: /^cannot read the file: it is a directory, not a file$/,
    at: "1:1",
  },
  {
    name: "missing.yaml",
    content: () => "missing",
    message: /^cannot read the file: no such file or directory$/,
    at: "1:1",
  },
];

// ---- replay files ------------------------------------------------------------------------------

/** replays/<name> → what `turnkit replay` says. Every one names the file and, where it has one, line:col. */
export const replayFiles: Record<string, Expected> = {
  "truncated.replay": {
    code: 2,
    stderr: /truncated\.replay:13:1: not valid JSON: expected a value, found the end of the file/,
  },
  "not-json.replay": { code: 2, stderr: /not-json\.replay:1:1: not valid JSON: expected a value, found 't'/ },
  "trailing-comma.replay": {
    code: 2,
    stderr: /trailing-comma\.replay:9:3: not valid JSON: expected a value, found '\]'/,
  },
  "single-quotes.replay": {
    code: 2,
    stderr: /single-quotes\.replay:1:2: not valid JSON: expected a property name in double quotes, found '''/,
  },
  "bad-escape.replay": {
    code: 2,
    stderr: /bad-escape\.replay:8:7: not valid JSON: an invalid escape \\x in a string/,
  },
  "raw-newline-in-string.replay": {
    code: 2,
    stderr: /raw-newline-in-string\.replay:8:7: not valid JSON: the character U\+000A inside a string/,
  },
  "trailing-garbage.replay": {
    code: 2,
    stderr: /trailing-garbage\.replay:27:1: not valid JSON: '\}' after the end of the JSON value/,
  },
  "leading-zero.replay": {
    code: 2,
    stderr: /leading-zero\.replay:5:12: not valid JSON: expected ',' or '\}' in an object, found '1'/,
  },
  "empty.replay": { code: 2, stderr: /empty\.replay: the file is empty; expected a JSON replay file/ },
  "whitespace-only.replay": { code: 2, stderr: /whitespace-only\.replay: the file is empty/ },
  "deep-nesting.replay": {
    code: 2,
    stderr:
      /deep-nesting\.replay:4:85: nested deeper than 64 levels of arrays and objects; replay files are limited to 64/,
  },
  "top-level-array.replay": {
    code: 2,
    stderr: /top-level-array\.replay:1:1: \(top\): Invalid input: expected object, received array/,
  },
  "wrong-format.replay": {
    code: 2,
    stderr:
      /wrong-format\.replay:2:13: format: Invalid option: expected one of "turnkit\/replay@2"\|"turnkit\/replay@1"/,
  },
  "missing-final.replay": {
    code: 2,
    stderr: /missing-final\.replay:1:1: final: Invalid input: expected object, received undefined/,
  },
  "unknown-key.replay": {
    code: 2,
    stderr: /unknown-key\.replay:26:14: \(top\): Unrecognized key: "comment"/,
  },
  "final-turn-text.replay": {
    code: 2,
    stderr: /final-turn-text\.replay:22:13: final\.turn: Invalid input: expected number, received string/,
  },
  "seed-fraction.replay": {
    code: 2,
    stderr: /seed-fraction\.replay:5:11: seed: expected an integer or a string of 1 to 1024 characters/,
  },
  "seed-object.replay": {
    code: 2,
    stderr: /seed-object\.replay:5:11: seed: expected an integer or a string/,
  },
  "seed-empty.replay": {
    code: 2,
    stderr: /seed-empty\.replay:5:11: seed: Too small: expected string to have >=1/,
  },
  "responses-not-a-list.replay": {
    code: 2,
    stderr: /responses-not-a-list\.replay:10:16: responses: Invalid input: expected array, received object/,
  },
  "response-not-a-pair.replay": {
    code: 2,
    stderr:
      /response-not-a-pair\.replay:15:5: response 2 of 3: responses\[1\]: Too small: expected array to have >=2 items/,
  },
  "response-negative-player.replay": {
    code: 2,
    stderr:
      /response-negative-player\.replay:12:7: response 1 of 1: responses\[0\]\[0\]: Too small: expected number to be >=0/,
  },
  "response-choice-number.replay": {
    code: 2,
    stderr:
      /response-choice-number\.replay:17:7: response 2 of 2: responses\[1\]\[1\]: Invalid input: expected string, received number/,
  },
  "response-player-out-of-range.replay": {
    code: 2,
    stderr:
      /response-player-out-of-range\.replay:16:7: response 2 of 2: player index 2 does not exist; the game has 2 players \(0: P1, 1: P2\)/,
  },
  "unknown-preset.replay": {
    code: 2,
    stderr: /unknown-preset\.replay:3:13: preset: unknown preset "poker"; known presets: .*skirmish/,
  },
  "unknown-option.replay": {
    code: 2,
    stderr: /unknown-option\.replay:4:14: options: preset skirmish has no option "handLimt"/,
  },
  "bad-option-value.replay": {
    code: 2,
    stderr: /bad-option-value\.replay:4:14: options: option "handLimit" must be .*, got "many"/,
  },
  "one-player.replay": {
    code: 2,
    stderr: /one-player\.replay:6:14: players: .* is played by 2 players; this file names 1/,
  },
};

export interface GeneratedReplay extends Expected {
  name: string;
  /** Writes the file at `path` (or makes whatever is there). */
  make: (path: string, fs: typeof import("node:fs")) => void;
}

export const generatedReplays: GeneratedReplay[] = [
  {
    name: "binary-garbage.replay",
    make: (path, fs) => fs.writeFileSync(path, garbage(2048)),
    code: 2,
    stderr: /binary-garbage\.replay:1:1: not UTF-8 text \(a binary file\?\)/,
  },
  {
    name: "nul-byte.replay",
    make: (path, fs) => fs.writeFileSync(path, '{"format":\u0000"turnkit/replay@1"}'),
    code: 2,
    stderr: /nul-byte\.replay:1:11: a NUL character: not a text file/,
  },
  {
    // A sparse file: its size is refused before a byte is read.
    name: "huge.replay",
    make: (path, fs) => {
      fs.writeFileSync(path, "");
      fs.truncateSync(path, 64 * MiB + 1);
    },
    code: 2,
    stderr: /huge\.replay: the file is 64\.0 MiB \(67108865 bytes\); replay files are limited to 64 MiB/,
  },
  {
    name: "too-many-responses.replay",
    make: (path, fs) =>
      fs.writeFileSync(
        path,
        `{"format":"turnkit/replay@1","preset":"skirmish","options":{},"seed":1,"players":["P1","P2"],\n"responses":[${'[0,"pass"],'.repeat(1_000_000)}[1,"pass"]],"final":{"sha256":"","turn":1,"winner":null,"reason":"not finished"}}`,
      ),
    code: 2,
    stderr:
      /too-many-responses\.replay:2:13: responses: 1000001 responses; replay files are limited to 1000000/,
  },
  {
    name: "a-directory.replay",
    make: (path, fs) => fs.mkdirSync(path),
    code: 2,
    stderr: /a-directory\.replay: cannot read the file: it is a directory, not a file/,
  },
  {
    name: "missing.replay",
    make: () => {},
    code: 2,
    stderr: /missing\.replay: cannot read the file: no such file or directory/,
  },
];

// ---- a real saved game, changed ------------------------------------------------------------------

export interface ReplayJson {
  format: string;
  preset: string;
  options: Record<string, unknown>;
  seed: number | string;
  players: string[];
  responses: [number, string][];
  final: { sha256: string; turn: number; winner: number | null; reason: string };
}

export interface ReplayMutation extends Expected {
  name: string;
  mutate: (r: ReplayJson) => void;
}

/** Response `i`, or the last one when the game was shorter. */
function clamp(r: ReplayJson, i: number): number {
  return Math.min(i, r.responses.length - 1);
}

export const replayMutations: ReplayMutation[] = [
  {
    name: "a response for the wrong player",
    mutate: (r) => {
      const i = clamp(r, 3);
      r.responses[i]![0] = 1 - r.responses[i]![0];
    },
    code: 1,
    stderr:
      /:\d+:\d+: response 4 of \d+ \[\d,"[^"]*"\]: recorded for P\d \(player \d\), but the pending decision is P\d's \w+ decision \(".*"\) at turn \d+ .*; legal options: /,
  },
  {
    name: "an illegal option",
    mutate: (r) => {
      r.responses[clamp(r, 2)]![1] = "attack:nobody";
    },
    code: 1,
    stderr:
      /response 3 of \d+ \[\d,"attack:nobody"\]: "attack:nobody" is not an option of P\d's \w+ decision \(".*"\) at turn \d+.*; legal options: \S/,
  },
  {
    name: "an empty option id",
    mutate: (r) => {
      r.responses[0]![1] = "";
    },
    code: 1,
    stderr: /response 1 of \d+ \[\d,""\]: "" is not an option of P1's \w+ decision/,
  },
  {
    name: "too few responses",
    mutate: (r) => {
      r.responses.splice(-5);
    },
    code: 1,
    stderr:
      /:\d+:\d+: the replay diverged: the final state \(sha256 [0-9a-f]{16}…\) differs from the saved one \([0-9a-f]{16}…\); after all \d+ responses this replay is on turn \d+, waiting for P\d's .*; the saved game ended on turn \d+: .*; the file has too few responses for the game it records/,
  },
  {
    name: "responses after the end of the game",
    mutate: (r) => {
      r.responses.push([0, "pass"], [1, "pass"], [0, "pass"]);
    },
    code: 1,
    stderr:
      /response (\d+) of \d+ \[0,"pass"\]: the game ended after response \d+ \(.*\); 3 responses left, so the replay diverged/,
  },
  {
    name: "the first response missing",
    mutate: (r) => {
      r.responses.shift();
    },
    code: 1,
    stderr: /response \d+ of \d+ .*(not an option of|recorded for|the game ended)/,
  },
  {
    name: "another seed",
    mutate: (r) => {
      r.seed = `${r.seed}-but-another`;
    },
    code: 1,
    stderr: /(response \d+ of \d+ .*(not an option of|recorded for|the game ended))|the replay diverged/,
  },
  {
    name: "a tampered final digest",
    mutate: (r) => {
      r.final.sha256 = "0".repeat(64);
    },
    code: 1,
    stderr:
      /the replay diverged: .*differs from the saved one \(0{16}…\); this replay ended on turn \d+: .*; turn and result agree, so the state differs in detail/,
  },
  {
    name: "renamed players",
    mutate: (r) => {
      r.players = ["Ann", "Bob"];
    },
    code: 1,
    stderr: /the replay diverged: .*differs from the saved one/,
  },
  {
    name: "a player index past the players",
    mutate: (r) => {
      r.responses[clamp(r, 4)]![0] = 7;
    },
    code: 2,
    stderr: /:\d+:\d+: response 5 of \d+: player index 7 does not exist; the game has 2 players/,
  },
  {
    name: "a __proto__ key in its options",
    mutate: (r) => {
      Object.defineProperty(r.options, "__proto__", { value: 3, enumerable: true, writable: true });
    },
    code: 2,
    stderr: /:\d+:\d+: options\.__proto__: a key named "__proto__" is not allowed/,
  },
  {
    name: "three players for a two-player preset",
    mutate: (r) => {
      r.players.push("Cid");
    },
    code: 2,
    stderr: /:\d+:\d+: players: .* is played by 2 players; this file names 3/,
  },
];

// ---- command lines -------------------------------------------------------------------------------

export interface CliCase extends Expected {
  name: string;
  argv: string[];
}

export const cliCases: CliCase[] = [
  {
    name: "no command",
    argv: [],
    code: 2,
    stderr: /^turnkit: no command given; the commands are run, play, simulate, replay/,
  },
  { name: "an unknown command", argv: ["deal"], code: 2, stderr: /^turnkit: unknown command 'deal'/ },
  {
    name: "an unknown top-level flag",
    argv: ["--verbose"],
    code: 2,
    stderr: /^turnkit: unknown option '--verbose'/,
  },
  {
    name: "an unknown play flag",
    argv: ["play", "--game", "skirmish", "--sed", "3"],
    code: 2,
    stderr: /^turnkit: unknown option '--sed'\n\(Did you mean --seed\?\)/,
  },
  {
    name: "play without --game",
    argv: ["play", "--seed", "1"],
    code: 2,
    stderr: /^turnkit: required option '--game <preset>' not specified/,
  },
  {
    name: "--game without a value",
    argv: ["play", "--game"],
    code: 2,
    stderr: /^turnkit: option '--game <preset>' argument missing/,
  },
  {
    name: "an unknown preset",
    argv: ["play", "--game", "poker"],
    code: 2,
    stderr:
      /^turnkit: option '--game <preset>' argument 'poker' is invalid\. unknown preset "poker"; known presets: .*skirmish/,
  },
  {
    name: "an empty seed",
    argv: ["play", "--game", "skirmish", "--seed", ""],
    code: 2,
    stderr: /^turnkit: option '--seed <seed>' argument '' is invalid\. The seed is empty\./,
  },
  {
    name: "a seed too long",
    argv: ["play", "--game", "skirmish", "--seed", "x".repeat(2000)],
    code: 2,
    stderr:
      /^turnkit: option '--seed <seed>' argument 'x+' is invalid\. The seed is 2000 characters; at most 1024\./,
  },
  {
    name: "--max-actions 0",
    argv: ["play", "--game", "skirmish", "--max-actions", "0"],
    code: 2,
    stderr:
      /^turnkit: option '--max-actions <n>' argument '0' is invalid\. 0 is out of range: 1 to 1000000\./,
  },
  {
    name: "--max-actions not a number",
    argv: ["play", "--game", "skirmish", "--max-actions", "lots"],
    code: 2,
    stderr:
      /^turnkit: option '--max-actions <n>' argument 'lots' is invalid\. "lots" is not a positive integer\./,
  },
  {
    name: "--max-actions past what a replay file holds",
    argv: ["play", "--game", "skirmish", "--max-actions", "2000000"],
    code: 2,
    stderr: /^turnkit: option '--max-actions <n>' argument '2000000' is invalid\. 2000000 is out of range/,
  },
  {
    name: "--max-actions a fraction",
    argv: ["play", "--game", "skirmish", "--max-actions", "2.5"],
    code: 2,
    stderr: /argument '2\.5' is invalid\. "2\.5" is not a positive integer/,
  },
  {
    name: "--option without =",
    argv: ["play", "--game", "skirmish", "--option", "rulesVersion"],
    code: 2,
    stderr:
      /^turnkit: option '--option <key=value\.\.\.>' argument 'rulesVersion' is invalid\. "rulesVersion" is not key=value/,
  },
  {
    name: "--option without a name",
    argv: ["play", "--game", "skirmish", "--option", "=3"],
    code: 2,
    stderr: /argument '=3' is invalid\. "=3" has no option name before "="/,
  },
  {
    name: "--option without a value",
    argv: ["play", "--game", "skirmish", "--option"],
    code: 2,
    stderr: /^turnkit: option '--option <key=value\.\.\.>' argument missing/,
  },
  {
    name: "an --option value nested too deep",
    argv: ["play", "--game", "skirmish", "--option", `handLimit=${"[".repeat(5000)}${"]".repeat(5000)}`],
    code: 2,
    stderr:
      /argument 'handLimit=\[+\]+' is invalid\. The value of "handLimit" is nested deeper than 64 levels of arrays and objects; at most 64\./,
  },
  {
    name: "an unknown --option",
    argv: ["play", "--game", "skirmish", "--option", "handLimt=3"],
    code: 2,
    stderr:
      /^turnkit: --option: preset skirmish has no option "handLimt" \(did you mean "handLimit"\?\); options: .*handLimit/,
  },
  {
    name: "a bad --option value",
    argv: ["play", "--game", "skirmish", "--option", "handLimit=many"],
    code: 2,
    stderr: /^turnkit: --option: option "handLimit" must be .*, got "many"/,
  },
  {
    name: "--save into a missing directory",
    argv: ["play", "--game", "skirmish", "--seed", "1", "--save", "{tmp}/no/such/dir/g.json"],
    code: 2,
    stderr: /^turnkit: --save \S+\/no\/such\/dir\/g\.json: the directory \S+\/no\/such\/dir does not exist/,
  },
  {
    name: "--save onto a directory",
    argv: ["play", "--game", "skirmish", "--seed", "1", "--save", "{empty}"],
    code: 2,
    stderr: /^turnkit: --save \S+: it is a directory; give a file name/,
  },
  {
    name: "--save under a regular file",
    argv: ["play", "--game", "skirmish", "--seed", "1", "--save", "{file}/g.json"],
    code: 2,
    stderr: /^turnkit: --save \S+\/g\.json: .*not a directory/,
  },
  {
    name: "a game stopped by --max-actions",
    argv: ["play", "--game", "skirmish", "--seed", "1", "--max-actions", "3"],
    code: 1,
    stderr: /^turnkit: the game did not finish: stopped after 3 responses \(--max-actions 3\)/,
  },
  {
    name: "a bad --option to simulate, refused once before any game",
    argv: ["simulate", "--game", "skirmish", "--games", "50", "--workers", "0", "--option", "handLimt=3"],
    code: 2,
    stderr:
      /^turnkit: --option: preset skirmish has no option "handLimt" \(did you mean "handLimit"\?\); options: [^\n]*\n$/,
  },
  {
    name: "an --option value to simulate out of its range",
    argv: ["simulate", "--game", "skirmish", "--games", "50", "--workers", "0", "--option", "handLimit=-3"],
    code: 2,
    stderr: /^turnkit: --option: option "handLimit" must be [^\n]*, got -3\n$/,
  },
  {
    name: "--workers past the bound",
    argv: ["simulate", "--game", "skirmish", "--workers", "1024"],
    code: 2,
    stderr: /^turnkit: option '--workers <k>' argument '1024' is invalid\. 1024 is out of range: 0 to 64\./,
  },
  {
    name: "--games 1e308",
    argv: ["simulate", "--game", "skirmish", "--games", "1e308"],
    code: 2,
    stderr:
      /^turnkit: option '--games <n>' argument '1e308' is invalid\. "1e308" is not a positive integer\./,
  },
  {
    name: "--games negative",
    argv: ["simulate", "--game", "skirmish", "--games=-5"],
    code: 2,
    stderr: /^turnkit: option '--games <n>' argument '-5' is invalid\. "-5" is not a positive integer\./,
  },
  {
    name: "--players past the bound",
    argv: ["play", "--game", "skirmish", "--players", "1000000000"],
    code: 2,
    stderr:
      /^turnkit: option '--players <n>' argument '1000000000' is invalid\. 1000000000 is out of range: 1 to 64\./,
  },
  {
    name: "an agent spec with an inherited key",
    argv: ["play", "--game", "skirmish", "--agents", "random,ismcts:10:constructor=1"],
    code: 2,
    stderr:
      /argument 'random,ismcts:10:constructor=1' is invalid\. "ismcts:10:constructor=1": unknown ismcts option "constructor"/,
  },
  {
    name: "replay without a file",
    argv: ["replay"],
    code: 2,
    stderr: /^turnkit: missing required argument 'file'/,
  },
  {
    name: "replay of two files",
    argv: ["replay", "{base}", "{base}"],
    code: 2,
    stderr: /^turnkit: too many arguments for 'replay'\. Expected 1 argument but got 2\./,
  },
  {
    name: "an unknown replay flag",
    argv: ["replay", "--verify", "{base}"],
    code: 2,
    stderr: /^turnkit: unknown option '--verify'/,
  },
  {
    name: "run without paths",
    argv: ["run"],
    code: 2,
    stderr: /^turnkit: missing required argument 'paths'/,
  },
  {
    name: "run of an empty directory",
    argv: ["run", "{empty}"],
    code: 2,
    stderr: /^turnkit: no scenario files \(\*\.yaml, \*\.yml\) in \S+/,
  },
  {
    name: "an unknown run flag",
    argv: ["run", "--watch", "{empty}"],
    code: 2,
    stderr: /^turnkit: unknown option '--watch'/,
  },
  {
    name: "presets with an argument",
    argv: ["presets", "skirmish"],
    code: 2,
    stderr: /^turnkit: too many arguments for 'presets'\. Expected 0 arguments but got 1\./,
  },
];
