/**
 * Cards that read the game's events and limits as data: Double Summon (the Normal Summon's action
 * limit, normal-summon.ts), Breaker the Magical Warrior (Spell Counters: the kernel's counters, each
 * change a `counter` event), Spirit Reaper ("a card effect that targets this card": the `targeted`
 * events of a chain link's activation, targeting.ts). Texts and stats as printed (confirmed from
 * card databases; see docs/yugioh.md).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { NORMAL_SUMMON } from "./normal-summon.js";
import type { YugiohOp } from "./ops.generated.js";

type CardDef = PresetCardDef<YugiohOp>;

/**
 * "You can conduct 2 Normal Summons/Sets this turn, not just 1": the turn's allowance becomes 2
 * (`times`), so a second Double Summon still allows 2; after a Normal Summon already made this turn
 * it allows one more.
 */
export const doubleSummon: CardDef = {
  id: "double-summon",
  name: "Double Summon",
  types: ["spell", "normal"],
  text: "You can conduct 2 Normal Summons/Sets this turn, not just 1.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      effect: [
        {
          op: "until",
          expires: "turn",
          effect: { kind: "actionLimit", value: { action: NORMAL_SUMMON, times: 2 } },
          targetPlayer: "controller",
          label: "2 Normal Summons/Sets this turn",
        },
      ],
    },
  ],
};

/**
 * Level 4 DARK Spellcaster, 1600/1000 (DB: 71413901). Its Spell Counter is the kernel's counter
 * (`placeCounter` with its printed maximum; removing one as a cost is the kernel's `addCounter` with
 * n: -1, which must find one to remove); "Gains 300 ATK for each Spell Counter on it" is the static
 * `atkPerCounter`. The trigger is mandatory ("If … : Place"), a Trigger Effect on the chain.
 */
export const breakerTheMagicalWarrior: CardDef = {
  id: "breaker-the-magical-warrior",
  name: "Breaker the Magical Warrior",
  types: ["monster", "effect"],
  races: ["Spellcaster"],
  stats: { level: 4, atk: 1600, def: 1000, attribute: "DARK" },
  text: "If this card is Normal Summoned: Place 1 Spell Counter on it (max. 1). Gains 300 ATK for each Spell Counter on it. You can remove 1 Spell Counter from this card, then target 1 Spell/Trap on the field; destroy that target.",
  abilities: [
    {
      id: "charge",
      kind: "triggered",
      text: "If this card is Normal Summoned: Place 1 Spell Counter on it (max. 1).",
      trigger: { on: "normalSummon", self: true },
      effect: [{ op: "placeCounter", what: "self", counter: "spell", n: 1, max: 1 }],
    },
    {
      id: "power",
      kind: "static",
      text: "Gains 300 ATK for each Spell Counter on it.",
      static: { kind: "atkPerCounter", counter: "spell", by: 300 },
    },
    {
      id: "break",
      kind: "activated",
      timing: "ignition",
      text: "You can remove 1 Spell Counter from this card, then target 1 Spell/Trap on the field; destroy that target.",
      cost: [
        { op: "addCounter", what: "self", counter: "spell", n: -1 },
        {
          op: "choose",
          chooser: "controller",
          from: { zone: ["spellTrap", "pendulum"] },
          min: 1,
          max: 1,
          as: "target",
          target: true,
          prompt: "Target 1 Spell/Trap on the field",
        },
      ],
      effect: [{ op: "destroy", what: "$target" }],
    },
  ],
};

/**
 * Level 3 DARK Zombie, 300/200 (DB: 23205979). "Cannot be destroyed by battle" (static
 * `indestructibleByBattle`: damage is still dealt); "After resolving a card effect that targets this
 * face-up card, destroy this card" (static `destroyedAfterTargeting`: a Continuous Effect, not a
 * chain link — once the chain link whose activation targeted it has resolved, it is destroyed if it
 * is still that face-up card; a negated link did not resolve); the direct-attack discard is a
 * mandatory Trigger Effect, the card chosen at random from the opponent's hidden hand.
 */
export const spiritReaper: CardDef = {
  id: "spirit-reaper",
  name: "Spirit Reaper",
  types: ["monster", "effect"],
  races: ["Zombie"],
  stats: { level: 3, atk: 300, def: 200, attribute: "DARK" },
  text: "Cannot be destroyed by battle. After resolving a card effect that targets this face-up card, destroy this card. When this card inflicts battle damage to your opponent by a direct attack: Discard 1 random card from their hand.",
  abilities: [
    { id: "spirit", kind: "static", static: { kind: "indestructibleByBattle" } },
    {
      id: "reaper",
      kind: "static",
      text: "After resolving a card effect that targets this face-up card, destroy this card.",
      static: { kind: "destroyedAfterTargeting" },
    },
    {
      id: "haunt",
      kind: "triggered",
      text: "When this card inflicts battle damage to your opponent by a direct attack: Discard 1 random card from their hand.",
      trigger: { on: "battleDamage", self: true, player: "opponent", where: { "data.direct": true } },
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "hand", controller: "opponent" },
          min: 1,
          max: 1,
          as: "card",
          prompt: "Discard 1 random card from your opponent's hand",
        },
        { op: "move", what: "$card", to: "graveyard", event: "discard" },
      ],
    },
  ],
};

export const eventCards: CardDef[] = [doubleSummon, breakerTheMagicalWarrior, spiritReaper];
