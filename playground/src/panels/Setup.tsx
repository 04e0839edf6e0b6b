/**
 * The setup bar: preset (built-in or the user's own, from `window.turnkitUserPresets`), seed,
 * number of players, which bot (random or ISMCTS) plays which seats, optional decks; Start makes a Session.
 *
 * URL query parameters start a game directly (links, browser tests):
 *   ?preset=duel-masters&seed=1&players=2&bots=2&autostart=1
 * `bots` lists seats by their number as players are named (1 = P1, 2 = P2; "P2" works too), or
 * "none"; absent, P2 is the bot. `bot` is the bots' agent spec (`random`, the default, or
 * `ismcts:<iterations>`). `delay` sets the bots' delay in ms, `autoplay=0` turns it off.
 */

import { useEffect, useMemo, useState } from "preact/hooks";
import { Game, type Preset } from "turnkit";
import { parseAgentSpec } from "turnkit/agents";
import { getPreset, presetIds, registerPreset } from "turnkit/presets";
import { workerThinker } from "../bot/thinker";
import { Session, type ThinkerFactory } from "../session";

/** The user's own presets, registered by the page before the app starts (may be absent). */
export function userPresets(): Preset[] {
  const list = (globalThis as unknown as { turnkitUserPresets?: unknown }).turnkitUserPresets;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (p): p is Preset =>
      !!p && typeof p === "object" && typeof (p as Preset).id === "string" && !!(p as Preset).players,
  );
}

interface PresetEntry {
  id: string;
  name: string;
  user: boolean;
  get: () => Preset;
}

/** Built-in presets and the user's, by id; a user preset of a built-in's id replaces it. */
function presetEntries(): PresetEntry[] {
  const user = userPresets();
  for (const p of user) registerPreset(p);
  const userIds = new Set(user.map((p) => p.id));
  const out: PresetEntry[] = user.map((p) => ({ id: p.id, name: p.name ?? p.id, user: true, get: () => p }));
  for (const id of presetIds()) {
    if (userIds.has(id)) continue;
    out.push({ id, name: builtinName(id), user: false, get: () => getPreset(id) });
  }
  return out;
}

/** Names without building each preset first. */
const BUILTIN_NAMES: Record<string, string> = {
  "duel-masters": "Duel Masters",
  "duel-masters-play": "Duel Masters Play's",
  yugioh: "Yu-Gi-Oh!",
  magic: "Magic: The Gathering",
  skirmish: "Skirmish (example)",
  lab: "Lab (limits testbed)",
};

function builtinName(id: string): string {
  return BUILTIN_NAMES[id] ?? id;
}

/** Card ids from a deck text: one per line, or `count id` (`3 bolshack-dragon`, `3x bolshack-dragon`). */
export function parseDeck(text: string): string[] {
  const out: string[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) continue;
    const m = /^(\d+)\s*[x×]?\s+(\S+)$/i.exec(line);
    if (m) {
      const n = Number(m[1]);
      if (n > 200) throw new Error(`line ${i + 1}: ${n} copies is too many`);
      for (let k = 0; k < n; k++) out.push(m[2]!);
    } else if (/^\S+$/.test(line)) out.push(line);
    else throw new Error(`line ${i + 1}: "${line}" is not a card id nor "count id"`);
  }
  return out;
}

/** Each seat's own deck in the preset (the cards its setup deals), to fill seats left empty. */
function defaultDecks(preset: Preset, seed: string, players: number): string[][] {
  const game = Game.create(preset, { seed, players });
  const decks: string[][] = Array.from({ length: players }, () => []);
  for (const o of Object.values(game.state.objects)) decks[o.owner]?.push(o.card);
  return decks;
}

/** The bots offered: the random agent, and the ISMCTS agent at two budgets (it searches on this page). */
const BOT_CHOICES = [
  { spec: "random", label: "random" },
  { spec: "ismcts:50", label: "ISMCTS 50" },
  { spec: "ismcts:200", label: "ISMCTS 200 (slower)" },
];

/** The bot's spec, refused with the accepted forms if it isn't one (a `bot=` URL parameter). */
/**
 * Bots that search (the ISMCTS agent) think in a Web Worker on a built-in preset, so the page
 * stays responsive; the random bot answers at once on the page, and a user's own preset (functions
 * can't cross to a worker) keeps its bots on the page.
 */
function thinkerFor(entry: PresetEntry): ThinkerFactory {
  return (config, seeds) => {
    const spec = config.bot ?? "random";
    if (entry.user || parseAgentSpec(spec).kind === "random" || typeof Worker === "undefined") return null;
    return workerThinker(entry.id, spec, seeds);
  };
}

function checkedBot(spec: string): string {
  parseAgentSpec(spec);
  return spec;
}

function message(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

interface Params {
  preset?: string;
  seed?: string;
  players?: number;
  bots?: number[];
  bot?: string;
  autostart: boolean;
  autoplay?: boolean;
  delay?: number;
  /** People's auto-pass (default on). */
  autopass?: boolean;
}

function readParams(): Params {
  const q = new URLSearchParams(globalThis.location?.search ?? "");
  const out: Params = { autostart: q.get("autostart") === "1" || q.get("autostart") === "true" };
  const preset = q.get("preset");
  if (preset) out.preset = preset;
  const seed = q.get("seed");
  if (seed !== null) out.seed = seed;
  const players = Number(q.get("players"));
  if (q.get("players") && Number.isInteger(players)) out.players = players;
  const bots = q.get("bots");
  if (bots !== null) {
    out.bots = /^(none|)$/i.test(bots.trim())
      ? []
      : bots
          .split(",")
          .map((s) => Number(s.trim().replace(/^p/i, "")) - 1)
          .filter((n) => Number.isInteger(n) && n >= 0);
  }
  const bot = q.get("bot");
  if (bot !== null && bot.trim() !== "") out.bot = bot.trim();
  const autoplay = q.get("autoplay");
  if (autoplay !== null) out.autoplay = !/^(0|false|off|no)$/i.test(autoplay);
  const autopass = q.get("autopass");
  if (autopass !== null) out.autopass = !/^(0|false|off|no)$/i.test(autopass);
  const delay = Number(q.get("delay"));
  if (q.get("delay") !== null && Number.isFinite(delay)) out.delay = Math.max(0, delay);
  return out;
}

export function SetupBar({ onStart }: { onStart: (s: Session) => void }) {
  const params = useMemo(readParams, []);
  const [entries, setEntries] = useState(presetEntries);
  const [presetId, setPresetId] = useState(() => {
    const ids = entries.map((e) => e.id);
    if (params.preset) return params.preset;
    // `turnkit playground --preset mygame.ts` opens with the user's game.
    const user = entries.find((e) => e.user);
    if (user) return user.id;
    return ids.includes("duel-masters") ? "duel-masters" : (ids[0] ?? "");
  });
  const entry = entries.find((e) => e.id === presetId);
  const [seed, setSeed] = useState(params.seed ?? "1");
  const [players, setPlayers] = useState(params.players ?? 2);
  const [bots, setBots] = useState<number[]>(params.bots ?? [1]);
  const [bot, setBot] = useState<string>(params.bot ?? "random");
  const [decks, setDecks] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  // A card of the preset's own first deck, for the deck boxes' placeholder.
  const sample = useMemo(() => {
    if (!entry) return null;
    try {
      return { id: entry.id, card: defaultDecks(entry.get(), "1", entry.get().players.min)[0]?.[0] };
    } catch {
      return null;
    }
  }, [entry?.id]);
  let range = { min: 2, max: 2 };
  let presetError: string | null = null;
  let sampleCard = "card-id";
  try {
    if (entry) {
      const preset = entry.get();
      range = preset.players;
      sampleCard = preset.cards?.[0]?.id ?? sampleCard;
      if (sample && sample.id === entry.id) sampleCard = sample.card ?? sampleCard;
    }
  } catch (e) {
    presetError = message(e);
  }
  const n = Math.max(range.min, Math.min(range.max, players));

  const start = () => {
    setError(null);
    try {
      if (!entry)
        throw new Error(
          `unknown preset "${presetId}"; known presets: ${entries.map((e) => e.id).join(", ")}`,
        );
      const preset = entry.get();
      if (!Number.isInteger(players) || players < preset.players.min || players > preset.players.max)
        throw new Error(
          `${preset.name} is played by ${preset.players.min} to ${preset.players.max} players, not ${players}`,
        );
      const given = Array.from({ length: n }, (_, p) => {
        try {
          return parseDeck(decks[p] ?? "");
        } catch (e) {
          throw new Error(`P${p + 1}'s deck: ${message(e)}`);
        }
      });
      let chosen: string[][] | undefined;
      if (given.some((d) => d.length > 0)) {
        const own = given.every((d) => d.length > 0) ? [] : defaultDecks(preset, seed, n);
        chosen = given.map((d, p) => (d.length > 0 ? d : own[p]!));
      }
      const session = new Session(
        {
          preset,
          seed,
          players: n,
          bots: bots.filter((b) => b < n),
          bot: checkedBot(bot),
          autoPass: params.autopass ?? true,
          ...(chosen ? { decks: chosen } : {}),
        },
        thinkerFor(entry),
      );
      if (params.autoplay !== undefined) session.autoplay = params.autoplay;
      if (params.delay !== undefined) session.botDelay = params.delay;
      onStart(session);
    } catch (e) {
      setError(message(e));
    }
  };

  useEffect(() => {
    if (params.autostart) start();
  }, []);

  const toggleBot = (p: number, on: boolean) =>
    setBots((b) => (on ? [...new Set([...b, p])].sort((x, y) => x - y) : b.filter((x) => x !== p)));

  return (
    <header class="setup" data-testid="setup">
      <h1 class="brand">turnkit playground</h1>
      <form
        class="setup-form"
        onSubmit={(e) => {
          e.preventDefault();
          start();
        }}
      >
        <label>
          Preset{" "}
          <select
            data-testid="preset-select"
            value={presetId}
            onFocus={() => setEntries(presetEntries())}
            onChange={(e) => {
              const id = (e.target as HTMLSelectElement).value;
              setPresetId(id);
              setError(null);
            }}
          >
            {entry ? null : <option value={presetId}>{presetId} (unknown)</option>}
            {entries.map((e) => (
              <option key={e.id} value={e.id}>
                {e.user ? `${e.name} (your preset)` : e.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Seed{" "}
          <input
            data-testid="seed-input"
            class="seed"
            type="text"
            value={seed}
            onInput={(e) => setSeed((e.target as HTMLInputElement).value)}
          />
        </label>
        <label>
          Players{" "}
          <input
            data-testid="players-input"
            class="players"
            type="number"
            min={range.min}
            max={range.max}
            value={players}
            onInput={(e) => {
              const v = Number((e.target as HTMLInputElement).value);
              if (Number.isFinite(v)) setPlayers(v);
            }}
          />
        </label>
        <label>
          Bot{" "}
          <select
            data-testid="bot-kind"
            title="The bots' agent: random legal moves, or the ISMCTS search with that many iterations per decision"
            value={BOT_CHOICES.some((c) => c.spec === bot) ? bot : "custom"}
            onChange={(e) => setBot((e.target as HTMLSelectElement).value)}
          >
            {BOT_CHOICES.map((c) => (
              <option key={c.spec} value={c.spec}>
                {c.label}
              </option>
            ))}
            {BOT_CHOICES.some((c) => c.spec === bot) ? null : <option value="custom">{bot}</option>}
          </select>
        </label>
        <fieldset class="bots">
          <legend>Bot plays</legend>
          {Array.from({ length: n }, (_, p) => (
            <label key={p}>
              <input
                type="checkbox"
                data-testid={`bot-${p}`}
                checked={bots.includes(p)}
                onChange={(e) => toggleBot(p, (e.target as HTMLInputElement).checked)}
              />{" "}
              P{p + 1}
            </label>
          ))}
        </fieldset>
        <button type="submit" class="primary" data-testid="start-button">
          Start
        </button>
      </form>
      <details class="decks" open={decks.some((d) => d.trim() !== "")}>
        <summary>Decks</summary>
        <span class="hint">
          Optional: one card id a line, or <code>count id</code>; empty = the preset's own.
        </span>
        {Array.from({ length: n }, (_, p) => (
          <label key={p} class="deck">
            P{p + 1}'s deck
            <textarea
              data-testid={`deck-${p}`}
              rows={1}
              placeholder={`4 ${sampleCard}\n${sampleCard}`}
              value={decks[p] ?? ""}
              onInput={(e) => {
                const v = (e.target as HTMLTextAreaElement).value;
                setDecks((d) => {
                  const copy = [...d];
                  copy[p] = v;
                  return copy;
                });
              }}
            />
          </label>
        ))}
      </details>
      {error || presetError ? (
        <p class="setup-error" data-testid="setup-error" role="alert">
          {error ?? presetError}
        </p>
      ) : null}
    </header>
  );
}
