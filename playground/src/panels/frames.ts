/**
 * A card's frame, from its definition: Duel Masters civilizations (`civilizations`), Magic colours
 * (the coloured symbols of `stats.manaCost`, else `stats.colors`; gold when more than one; lands by
 * the mana they add, artifacts and colourless cards grey), Yu-Gi-Oh! card kinds (`types`: Normal, Effect, Ritual,
 * Fusion, Synchro, Xyz, Link monsters, Pendulum, Spell, Trap). A card that says nothing of these
 * takes its preset's family (most of its cards'), and a preset of none of them a plain frame.
 * The colours themselves are in style.css (`--civ-*`, `--mtg-*`, `--ygo-*`).
 */
import type { Game, Preset } from "turnkit";

export type Family = "dm" | "mtg" | "ygo" | "plain";

export interface Frame {
  family: Family;
  /** Classes of the card's element: `frame-dm civ-fire civ-nature multi`, `frame-ygo ygo-xyz` … */
  classes: string[];
  /** The frame's colours, as CSS colours (variables), for a multicolour gradient. */
  colours: string[];
}

type Def = Record<string, unknown> & { types?: unknown; stats?: Record<string, unknown> };

const CIVS = ["light", "water", "darkness", "fire", "nature"];
const MTG = ["white", "blue", "black", "red", "green"];
const MTG_LETTER: Record<string, string> = { W: "white", U: "blue", B: "black", R: "red", G: "green" };
const MTG_TYPES = [
  "land",
  "instant",
  "sorcery",
  "artifact",
  "enchantment",
  "planeswalker",
  "battle",
  "scheme",
];
const YGO_TYPES = ["monster", "spell", "trap"];
/** The extra-deck and ritual kinds, in the order a card's frame shows them (a Link Xyz is Link). */
const YGO_MONSTER_KINDS = ["link", "xyz", "synchro", "fusion", "ritual", "token"];

function typesOf(def: Def): string[] {
  return Array.isArray(def.types) ? def.types.filter((t): t is string => typeof t === "string") : [];
}

/** Magic colour names from a list that may hold names or letters ("B"), in WUBRG order. */
function mtgColours(list: readonly unknown[]): string[] {
  const names = new Set(
    list.filter((c): c is string => typeof c === "string").map((c) => MTG_LETTER[c] ?? c.toLowerCase()),
  );
  return MTG.filter((c) => names.has(c));
}

/** Colours from mana symbols in a text: "{1}{W}{U}" → white, blue; "{T}: Add {G}." → green. */
function symbolColours(text: unknown): string[] {
  if (typeof text !== "string") return [];
  const found: string[] = [];
  for (const m of text.matchAll(/\{([^}]*)\}/g)) for (const ch of m[1]!) if (MTG_LETTER[ch]) found.push(ch);
  return mtgColours(found);
}

/** The family a card's own fields say, or null when they say none. */
function ownFamily(def: Def): Family | null {
  if (Array.isArray(def.civilizations)) return "dm";
  const types = typesOf(def);
  if (types.some((t) => YGO_TYPES.includes(t))) return "ygo";
  const stats = def.stats ?? {};
  if (stats.manaCost !== undefined || stats.colors !== undefined || types.some((t) => MTG_TYPES.includes(t)))
    return "mtg";
  return null;
}

const presetFamilies = new WeakMap<Preset, Family>();

/** A preset's family: the one most of its cards say (plain when none says one). */
export function familyOfPreset(preset: Preset): Family {
  const known = presetFamilies.get(preset);
  if (known) return known;
  const count = new Map<Family, number>();
  for (const c of preset.cards ?? []) {
    const f = ownFamily(c as unknown as Def);
    if (f) count.set(f, (count.get(f) ?? 0) + 1);
  }
  let best: Family = "plain";
  let n = 0;
  for (const [f, k] of count)
    if (k > n) {
      best = f;
      n = k;
    }
  presetFamilies.set(preset, best);
  return best;
}

/**
 * The frame of a card. `colours`, when given, are the card's colours as the game has them now
 * (Magic's `characteristic(obj, "colors")`); else they are read from the definition.
 */
export function frameOf(game: Game, def: Def, colours?: unknown): Frame {
  const family = ownFamily(def) ?? familyOfPreset(game.rules.preset);
  const types = typesOf(def);
  if (family === "dm") {
    const civs = (Array.isArray(def.civilizations) ? def.civilizations : []).filter(
      (c): c is string => typeof c === "string" && CIVS.includes(c),
    );
    const ordered = CIVS.filter((c) => civs.includes(c));
    if (ordered.length === 0)
      return { family, classes: ["frame-dm", "civ-colorless"], colours: ["var(--civ-colorless)"] };
    return {
      family,
      classes: ["frame-dm", ...ordered.map((c) => `civ-${c}`), ...(ordered.length > 1 ? ["multi"] : [])],
      colours: ordered.map((c) => `var(--civ-${c})`),
    };
  }
  if (family === "mtg") {
    const stats = def.stats ?? {};
    if (types.includes("land")) {
      const made = symbolColours(
        [def.text, ...(Array.isArray(def.abilities) ? def.abilities : [])]
          .map((a) => (typeof a === "string" ? a : (a as { text?: unknown } | null)?.text))
          .join(" "),
      );
      return {
        family,
        classes: ["frame-mtg", "mtg-land", ...made.map((c) => `mtg-${c}`)],
        colours: made.length ? made.map((c) => `var(--mtg-${c})`) : ["var(--mtg-land)"],
      };
    }
    const now = Array.isArray(colours) ? mtgColours(colours) : null;
    const printed = symbolColours(stats.manaCost);
    const cs =
      now ??
      (printed.length ? printed : Array.isArray(stats.colors) ? mtgColours(stats.colors as unknown[]) : []);
    if (cs.length === 0) {
      const kind = types.includes("artifact") ? "mtg-artifact" : "mtg-colorless";
      return { family, classes: ["frame-mtg", kind], colours: [`var(--${kind})`] };
    }
    if (cs.length > 1)
      return {
        family,
        classes: ["frame-mtg", "mtg-gold", ...cs.map((c) => `mtg-${c}`)],
        colours: ["var(--mtg-gold)"],
      };
    return { family, classes: ["frame-mtg", `mtg-${cs[0]}`], colours: [`var(--mtg-${cs[0]})`] };
  }
  if (family === "ygo") {
    if (types.includes("spell"))
      return { family, classes: ["frame-ygo", "ygo-spell"], colours: ["var(--ygo-spell)"] };
    if (types.includes("trap"))
      return { family, classes: ["frame-ygo", "ygo-trap"], colours: ["var(--ygo-trap)"] };
    const kind =
      YGO_MONSTER_KINDS.find((k) => types.includes(k)) ?? (types.includes("effect") ? "effect" : "normal");
    const pendulum = types.includes("pendulum");
    return {
      family,
      classes: ["frame-ygo", `ygo-${kind}`, ...(pendulum ? ["ygo-pendulum"] : [])],
      // A Pendulum's two colours are drawn by style.css (monster above, Spell below).
      colours: [`var(--ygo-${kind})`],
    };
  }
  return { family, classes: ["frame-plain"], colours: [] };
}

/** "quickPlay" → "Quick Play": a card type as its frame prints it. */
export function typeWords(t: string): string {
  return t
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .split(" ")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}
