/**
 * Cards whose effects last a span of turns counted from a player's point of view, or wait for a
 * phase (YG Durations, expiries.ts): Swords of Revealing Light ("the End Phase of your opponent's
 * 3rd turn"), The Deep Grave ("during your next Standby Phase"), Diskblade Rider ("until the end of
 * your opponent's turn"). A turn or phase that is skipped never begins, so it neither counts nor
 * uses such an effect up. Texts and stats as printed (confirmed from card databases; see
 * docs/yugioh.md).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { YugiohOp } from "./ops.generated.js";

type CardDef = PresetCardDef<YugiohOp>;
type AbilityDef = NonNullable<CardDef["abilities"]>[number];

/** "During the End Phase" of a turn of `whose`: the End Phase begins (a lingering effect's timing). */
const endPhaseOf = (whose: "self" | "opponent") =>
  ({
    trigger: { on: "nodeBegin", where: { "data.node": "end" } },
    condition: { turn: whose },
  }) as const;

const ordinal = (n: number): string => ["1st", "2nd", "3rd"][n - 1] ?? `${n}th`;

/**
 * "… during the End Phase of your opponent's Nth turn": one delayed ability per turn counted, each
 * waiting for the End Phase of the opponent's next turn that is played, the last doing `last`; each
 * lapses if the card leaves the field (`expires: source`). A skipped turn has no End Phase: it
 * doesn't count (YG Durations: the next turn).
 */
function opponentTurnsCounted(n: number, last: YugiohOp[]): AbilityDef[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `opponentTurn${i + 1}`,
    kind: "delayed" as const,
    text:
      i + 1 < n
        ? `The End Phase of your opponent's ${ordinal(i + 1)} turn since this card's activation (${i + 1} of ${n}).`
        : `The End Phase of your opponent's ${ordinal(n)} turn: destroy this card.`,
    ...endPhaseOf("opponent"),
    effect:
      i + 1 < n ? [{ op: "delayed" as const, ability: `opponentTurn${i + 2}`, expires: "source" }] : last,
  }));
}

/**
 * A Normal Spell that remains on the field (static `remainsOnField`): while it is face-up, the
 * opponent's monsters can't declare an attack (static `cannotDeclareAttack`, read by the Battle
 * Step); it is destroyed during the End Phase of the opponent's 3rd turn after its activation —
 * turns counted as they are played, a skipped turn not counted (ygopro-core counts the same: a
 * reset count of 3 opponent End Phases). Activated only in your Main Phase (Spell Speed 1), so the
 * opponent's next turn is the 1st. The destruction is not a chain link (a lingering effect).
 */
export const swordsOfRevealingLight: CardDef = {
  id: "swords-of-revealing-light",
  name: "Swords of Revealing Light",
  types: ["spell", "normal"],
  text: "After this card's activation, it remains on the field, but you must destroy it during the End Phase of your opponent's 3rd turn. When this card is activated: If your opponent controls a face-down monster, flip all monsters they control face-up. While this card is face-up on the field, your opponent's monsters cannot declare an attack.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      effect: [
        { op: "delayed", ability: "opponentTurn1", expires: "source" },
        {
          op: "changePosition",
          what: { select: { zone: "monster", controller: "opponent", faceDown: true } },
          to: "faceUp",
        },
      ],
    },
    ...opponentTurnsCounted(3, [{ op: "destroy", what: "self" }]),
    { id: "remains", kind: "static", zones: ["spellTrap"], static: { kind: "remainsOnField" } },
    {
      id: "seal",
      kind: "static",
      zones: ["spellTrap"],
      text: "While this card is face-up on the field, your opponent's monsters cannot declare an attack.",
      static: { kind: "cannotDeclareAttack", player: "opponent" },
    },
  ],
};

/**
 * A Normal Trap (通常罠《深すぎた墓穴》): the target is chosen on activation (a `targeted` event);
 * on resolution a delayed effect waits for the controller's next Standby Phase — this turn's if it
 * is activated in their Draw Phase, the next turn's if it is activated in their Standby Phase or
 * later, the controller's next turn's if it is activated in the opponent's turn — and there Special
 * Summons the monster to the controller's field, if it is still that card in the GY. A Standby
 * Phase of the opponent's, a skipped turn, or the Draw Phase skipped before it don't use it up.
 * It is applied, not activated: no chain link (ygopro-core's script counts turns to do the same).
 */
export const theDeepGrave: CardDef = {
  id: "the-deep-grave",
  name: "The Deep Grave",
  types: ["trap", "normal"],
  text: "Target 1 monster in either player's GY; during your next Standby Phase, Special Summon it from the GY.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      cost: [
        {
          op: "choose",
          chooser: "controller",
          // A monster that can be Special Summoned (its summoning condition; "once per turn").
          from: { zone: "graveyard", type: "monster", where: { specialSummonable: true } },
          min: 1,
          max: 1,
          as: "target",
          target: true,
          prompt: "Target 1 monster in either player's GY",
        },
      ],
      effect: [{ op: "delayed", ability: "rise", remember: "$target" }],
    },
    {
      id: "rise",
      kind: "delayed",
      text: "During your next Standby Phase, Special Summon it from the GY.",
      trigger: { on: "nodeBegin", where: { "data.node": "standby" } },
      condition: { turn: "self" },
      effect: [{ op: "specialSummon", what: "$it" }],
    },
  ],
};

/**
 * Level 4 WIND Fiend, 1700/1500 (DB: 41113025). Soft "Once per turn" (per copy, RULINGS YG-1.1). The
 * ATK gain lasts "until the end of your opponent's turn": the end of the opponent's next turn that
 * is played — through any turn of its controller's in between, an extra one too.
 */
export const diskbladeRider: CardDef = {
  id: "diskblade-rider",
  name: "Diskblade Rider",
  types: ["monster", "effect"],
  races: ["Fiend"],
  stats: { level: 4, atk: 1700, def: 1500, attribute: "WIND" },
  text: "Once per turn: You can target 1 Normal Trap in your GY; banish that target, and if you do, this card gains 500 ATK until the end of your opponent's turn.",
  abilities: [
    {
      id: "ride",
      kind: "activated",
      timing: "ignition",
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "graveyard", controller: "self", where: { normalTrap: true } },
          min: 1,
          max: 1,
          as: "target",
          target: true,
          prompt: "Target 1 Normal Trap in your GY",
        },
      ],
      effect: [
        {
          op: "banish",
          what: "$target",
          // biome-ignore lint/suspicious/noThenProperty: "then" is the op's branch in the card vocabulary
          then: [
            {
              op: "until",
              expires: { end: "turn", player: "opponent", turn: "next" },
              effect: { kind: "atk", value: 500 },
              target: "self",
              label: "gains 500 ATK until the end of your opponent's turn",
            },
          ],
        },
      ],
      limit: { counts: "use", key: "incarnation", window: "turn", label: "Once per turn" },
    },
  ],
};

export const durationCards: CardDef[] = [swordsOfRevealingLight, theDeepGrave, diskbladeRider];
