/**
 * The limits ledger's model, from a game and a seat: for every ability with a limit or an
 * activation on the cards that seat sees face up (the board, its own hand and other zones its
 * view shows — never a card hidden from it), the limit in words, how much of it is used in its
 * window now and by what event, what remains, and for an activated ability that can't be
 * activated now, every reason `whyNot` gives. Pure: reads the game, changes nothing.
 */
import type { Game, JsonObject, LimitSpec, PlayerView, RemainingEntry } from "turnkit";
import { visibleNames } from "./timeline.js";
import { camelWords, dataOf, nodeLabel, plainText, playerName, str } from "./words.js";

export interface UsageEvent {
  /** "activate", "trigger", "resolve" … in words. */
  event: string;
  /** The card named by the event, as the viewer sees it. */
  card: string;
  node: string;
  turn: number;
}

export interface LimitLine {
  /** The limit as the card says it (its label) or as the kernel words it. */
  label: string;
  /** The limit spelled out: how many, what is counted, who shares it, over what window, when it is spent. */
  words: string;
  window: string;
  windowOpen: boolean;
  used: number;
  max: number;
  remaining: number;
  /** Counts: event with nth: only that occurrence works ("the second attack each turn"); no "left". */
  nth?: number;
  /** "1 of 1 used this turn", "no attack in progress". */
  usage: string;
  /** The uses of this window the viewer's log tells of (this turn only), latest last. */
  usedBy: UsageEvent[];
  /** Why it refuses now, when it does. */
  reason?: string;
}

export interface LedgerReason {
  kind: string;
  text: string;
}

export interface LedgerRow {
  /** The card's id in the viewer's view (handle or place). */
  ref: string;
  /** The card's name as the viewer sees it. */
  card: string;
  /** The ability's id, and its name in words (its keyword, else its id as words). */
  ability: string;
  abilityName: string;
  abilityKind: string;
  text?: string;
  zone: string;
  controller: number;
  controllerName: string;
  limits: LimitLine[];
  /**
   * For activated abilities: may its controller activate it now? (null for other kinds, and for
   * every ability once the game is over: the ledger stays as the game ended)
   */
  activatable: boolean | null;
  /** Every reason it can't be activated now (activated abilities only). */
  reasons: LedgerReason[];
}

const ORD = [
  "zeroth",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
];
const ordinal = (n: number) => ORD[n] ?? `${n}th`;

function windowOf(spec: LimitSpec): string {
  return spec.window ?? "turn";
}

/** "this turn", "this game", "this attack". */
export function windowPhrase(window: string): string {
  return `this ${window === "attack" ? "attack" : camelWords(window)}`;
}

/** A limit spelled out from its fields (see src/core/limits.ts for the kernel's words). */
export function limitWords(
  game: Game,
  spec: LimitSpec,
  cardName: string,
  controller: number,
  ability: { keyword?: string; trigger?: { on: string | string[]; noun?: string } } = {},
): string {
  const window = windowOf(spec);
  const who = playerName(game, controller);
  const times = spec.times ?? 1;
  let how: string;
  if (spec.counts === "event") {
    const pattern = spec.event ?? ability.trigger;
    const noun =
      pattern?.noun ?? (pattern ? `${[pattern.on].flat().map(camelWords).join("/")} event` : "event");
    how = spec.nth
      ? `only the ${ordinal(spec.nth)} ${noun} each ${window}`
      : `up to ${times} ${noun}${times === 1 ? "" : "s"} each ${window}`;
  } else {
    const counted = {
      use: times === 1 ? "use" : "uses",
      trigger: times === 1 ? "trigger" : "triggers",
      resolution: times === 1 ? "resolution" : "resolutions",
      application: times === 1 ? "application" : "applications",
    }[spec.counts as "use"];
    how = `${times === 1 ? "one" : times} ${counted} per ${window}`;
  }
  const name = spec.name ?? cardName;
  const shared = {
    incarnation: spec.keepOnSelfFaceDown
      ? "for this copy (kept if it turns itself face-down)"
      : "for this copy, until it changes zone",
    card: "for this card, wherever it goes",
    namePerPlayer: `shared by ${who}'s cards named “${name}”`,
    name: `shared by every card named “${name}”, all players`,
    keywordPerPlayer: `shared by ${who}'s “${spec.keyword ?? ability.keyword ?? "keyword"}” abilities`,
    group: `shared by ${who}'s “${spec.group ?? "group"}” effects`,
    bucket: `shared by ${who}'s effects with “${spec.bucket ?? "the same text"}”`,
    player: `shared by ${who}'s copies of this card`,
    all: "shared by every copy, all players",
  }[spec.key];
  const spent = spec.usedUp
    ? {
        trigger: "spent when it triggers",
        use: "spent on use, even if negated",
        activation: "spent on activation, given back if negated",
        resolution: "spent when it resolves",
        application: "spent when it applies",
      }[spec.usedUp]
    : "";
  const extra = [
    spent,
    spec.ownTurnOnly ? `only during ${who}'s turn` : "",
    spec.declineUsesUp === true
      ? "declining spends it"
      : spec.declineUsesUp === false
        ? "declining keeps it"
        : "",
    spec.alsoRecordIn?.length ? `also counted ${spec.alsoRecordIn.map((w) => `per ${w}`).join(", ")}` : "",
  ].filter(Boolean);
  return `${how}, ${shared}${extra.length ? ` (${extra.join("; ")})` : ""}`;
}

/** "1 of 1 used this turn", or why the count doesn't apply now. */
export function usageWords(spec: LimitSpec, used: number, max: number, windowOpen: boolean): string {
  const window = windowOf(spec);
  if (!windowOpen) return `no ${camelWords(window)} in progress`;
  if (spec.counts === "event")
    return spec.nth
      ? `${used} ${used === 1 ? "event" : "events"} so far ${windowPhrase(window)}; works on the ${ordinal(spec.nth)}`
      : `${used} of ${max} ${windowPhrase(window)}`;
  return `${used} of ${max} used ${windowPhrase(window)}`;
}

/** The abilities's limits, as a list. */
function limitsOf(ability: { limit?: LimitSpec | LimitSpec[] }): LimitSpec[] {
  return ability.limit ? (Array.isArray(ability.limit) ? ability.limit : [ability.limit]) : [];
}

/**
 * The events of this turn that used this limit, from the viewer's log: each `limitUsed` entry of
 * the ability (same ability, label and window, by the same controller; the same card when the
 * limit is per copy), with the event logged next to it about the same card (the activation, the
 * trigger, the resolution …).
 */
function usesInLog(
  game: Game,
  log: JsonObject[],
  o: {
    ability: string;
    label: string;
    window: string;
    controller: number;
    name: string;
    ref: string;
    perCopy: boolean;
  },
): UsageEvent[] {
  const out: UsageEvent[] = [];
  for (let i = 0; i < log.length; i++) {
    const e = log[i]!;
    if (e.type !== "limitUsed") continue;
    const d = dataOf(e);
    if (d.ability !== o.ability || d.limit !== o.label || d.window !== o.window) continue;
    if (e.player !== o.controller || (str(e, "name") ?? "") !== o.name) continue;
    if (o.perCopy && str(e, "obj") !== undefined && str(e, "obj") !== o.ref) continue;
    // The event next to it about the same card says how it was used.
    let how = "use";
    for (const j of [i + 1, i - 1, i + 2, i - 2]) {
      const n = log[j];
      if (!n || n.type === "limitUsed" || n.type === "decision") continue;
      if (str(n, "name") === o.name || (str(n, "obj") !== undefined && str(n, "obj") === str(e, "obj"))) {
        how = camelWords(String(n.type));
        break;
      }
    }
    out.push({
      event: how,
      card: o.name,
      node: nodeLabel(game, str(e, "node") ?? ""),
      turn: typeof e.turn === "number" ? e.turn : game.state.clock.turn.id,
    });
  }
  return out;
}

/** The cards face up to the viewer, with their zone: [view id, name, zone id]. */
function visibleCards(view: PlayerView): { id: string; name: string; zone: string }[] {
  const out: { id: string; name: string; zone: string }[] = [];
  for (const [zid, z] of Object.entries(view.zones))
    for (const c of z.cards) {
      const card = c as { hidden?: boolean; id?: string; name?: string };
      if (!card.hidden && card.id && card.name) out.push({ id: card.id, name: card.name, zone: zid });
    }
  return out;
}

/** An ability's name for people: its keyword, else its id in words ("secondAttack" → "second attack"). */
function abilityWords(ability: { id: string; keyword?: unknown }): string {
  return typeof ability.keyword === "string" ? ability.keyword : camelWords(ability.id);
}

/**
 * The ledger's rows for `viewer`: abilities of the cards face up to them that have a limit or
 * are activated, lying where they work (as `game.remaining` and `notOffered` choose them).
 */
export function ledgerRows(game: Game, viewer: number): LedgerRow[] {
  const view = game.viewFor(viewer);
  const names = visibleNames(view);
  const remainingBy = new Map<number, RemainingEntry[]>();
  const remaining = (p: number) => {
    let r = remainingBy.get(p);
    if (!r) {
      r = game.remaining(p);
      remainingBy.set(p, r);
    }
    return r;
  };
  const rows: LedgerRow[] = [];
  for (const vc of visibleCards(view)) {
    let obj: ReturnType<Game["obj"]>;
    try {
      obj = game.obj(vc.id);
    } catch {
      continue;
    }
    const card = game.rules.card(obj.card);
    const zone = game.state.zones[obj.zone]!;
    for (const ability of card.abilities ?? []) {
      const limits = limitsOf(ability as { limit?: LimitSpec | LimitSpec[] });
      if (limits.length === 0 && ability.kind !== "activated") continue;
      const controller = obj.controller;
      const ref = { obj, card, ability, controller };
      const works =
        ability.kind === "activated"
          ? worksIn(game, ref, zone.kind)
          : (ability.zones ?? game.rules.inPlayKinds).includes(zone.kind);
      if (!works) continue;
      const handle = game.ref(obj);
      const entries = remaining(controller).filter((r) => r.obj === handle && r.ability === ability.id);
      const lines: LimitLine[] = limits.map((spec, i) => {
        const r = entries[i];
        const window = windowOf(spec);
        const windowOpen = window in game.state.clock.windows;
        const used = r?.used ?? 0;
        const max = r?.max ?? spec.nth ?? spec.times ?? 1;
        const label = r?.limit ?? spec.label ?? `${spec.times ?? 1} per ${window}`;
        const line: LimitLine = {
          label,
          words: limitWords(game, spec, card.name, controller, ability as Parameters<typeof limitWords>[4]),
          window,
          windowOpen,
          used,
          max,
          remaining: r?.remaining ?? Math.max(0, max - used),
          usage: usageWords(spec, used, max, windowOpen),
          usedBy:
            used > 0
              ? usesInLog(game, view.log, {
                  ability: ability.id,
                  label,
                  window,
                  controller,
                  name: card.name,
                  ref: vc.id,
                  perCopy: spec.key === "incarnation" || spec.key === "card",
                }).slice(-used)
              : [],
        };
        if (spec.counts === "event" && spec.nth) line.nth = spec.nth;
        // Another seat's reasons may rest on what only that seat sees (its hand, a face-down
        // card): the viewer is told the counts, not the reasons.
        if (r?.reason && controller === viewer) line.reason = plainText(r.reason);
        return line;
      });
      let activatable: boolean | null = null;
      let reasons: LedgerReason[] = [];
      // Whether another seat could activate its ability now can depend on its hidden cards
      // (a cost in its hand, a target only it sees): asked only of the viewer's own abilities.
      if (ability.kind === "activated" && controller === viewer && !game.over) {
        const v = game.canActivate(vc.id, ability.id, { player: controller });
        activatable = v.ok;
        reasons = v.reasons.map((r) => ({ kind: r.kind, text: plainText(r.text) }));
      }
      const row: LedgerRow = {
        ref: vc.id,
        card: names.get(vc.id) ?? vc.name,
        ability: ability.id,
        abilityName: abilityWords(ability),
        abilityKind: ability.kind,
        zone: zoneWords(game, vc.zone),
        controller,
        controllerName: playerName(game, controller),
        limits: lines,
        activatable,
        reasons,
      };
      if (ability.text) row.text = ability.text;
      rows.push(row);
    }
  }
  return rows;
}

/** Where an activated ability works: its zones, or the preset's default, as `notOffered` says. */
function worksIn(
  game: Game,
  ref: { obj: unknown; card: unknown; ability: { zones?: readonly string[] } },
  kind: string,
): boolean {
  const zones =
    ref.ability.zones ??
    game.rules.preset.activation?.defaultZones?.(
      game,
      ref as Parameters<NonNullable<NonNullable<Game["rules"]["preset"]["activation"]>["defaultZones"]>>[1],
    ) ??
    game.rules.inPlayKinds;
  return zones.includes(kind);
}

/** "P1's hand", "the stack". */
function zoneWords(game: Game, zoneId: string): string {
  const z = game.state.zones[zoneId];
  if (!z) return zoneId;
  const label = game.rules.zoneDefs.get(z.kind)?.label ?? z.kind;
  return z.owner === null ? `the ${label}` : `${playerName(game, z.owner)}'s ${label}`;
}

/** A one-line summary of a row's state, for titles and tests. */
export function rowSummary(row: LedgerRow): string {
  const limits = row.limits.map((l) => `${l.label}: ${l.usage}`).join("; ");
  const act =
    row.activatable === null
      ? ""
      : row.activatable
        ? "can be activated now"
        : `not now: ${row.reasons.map((r) => r.text).join("; ")}`;
  return [`${row.card} (${row.ability})`, limits, act].filter(Boolean).join(" — ");
}
