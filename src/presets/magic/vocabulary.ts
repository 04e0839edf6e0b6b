/**
 * What Magic adds to the kernel's card vocabulary: the events its rules emit (that triggers,
 * limits and conditions may name) and the continuous effect kinds it reads.
 */
import type { CardFieldSpec } from "../../core/contract/data.js";

const move = "a move; obj, card, from, to, player (owner), cause";

export const magicEvents: Record<string, string> = {
  pump: "A creature got +X/+X until end of turn (the pump op): obj, name, player (its controller), data (X).",
  cast: `A spell was cast (put on the stack): ${move}.`,
  putOnStack: "A triggered or activated ability was put on the stack: obj, player, data.",
  resolveSpell: "A spell resolved: obj, card, player.",
  dies: `A permanent died (went from the battlefield to its owner's graveyard; a state-based action's data.reason): ${move}.`,
  sacrifice: `A permanent was sacrificed: ${move}.`,
  discard: `A card was discarded: ${move}.`,
  playLand: `A land was played: ${move}.`,
  turnFaceUp: `A scheme card was turned face up into the command zone (Archenemy): ${move}.`,
  transform: "A double-faced permanent transformed: obj, player.",
  phaseIn:
    'A permanent phased in (CR 702.26): obj, inc (kept: no zone change), player (its controller), cause (kind "rule", rule "phasing": the untap step\'s; or the effect); data.indirect when it phased in with the permanent it is attached to (CR 702.26g).',
  phaseOut:
    'A permanent phased out (CR 702.26): obj, inc, player (its controller), cause (kind "rule", rule "phasing": the untap step\'s; "effect": a spell or ability that phases it out); data.indirect when it phased out with the permanent it is attached to (CR 702.26g). Its abilities and those of the others phasing out with it trigger on it though they no longer exist (lookBackEvents, CR 603.10a).',
  attach:
    "An Aura or Equipment became attached to a permanent (CR 701.3a): obj, player (its controller), data.to, data.toName.",
  unattach: "An Equipment became unattached (CR 704.5n): obj, player (its controller), data.reason.",
  attack:
    "A creature was declared as an attacker: obj, player (its controller), data.defender (the defending player), data.planeswalker (the name of the planeswalker it attacks, if one).",
  attackCost:
    "A cost to attack was paid as a creature was declared as an attacker (CR 508.1g–h; Propaganda): obj, player (its controller), data.mana, data.sources.",
  enterAttacking:
    "A creature was put onto the battlefield attacking (CR 508.4; never declared as an attacker): obj, player (its controller), data.defender.",
  exert:
    "A permanent was exerted as it attacked (CR 701.39a: it won't untap during its controller's next untap step): obj, player (who exerted it). \"When you do\" triggers on it.",
  attacksAlone:
    "The only creature declared as an attacker in a declare attackers step attacks alone (CR 506.5): obj, player (its controller).",
  attackersDeclared: "Attackers were declared (CR 508): player (the attacking player), data.",
  defendingPlayer: "The defending player was chosen: player (the active player), data.defender, data.name.",
  block: "A creature was declared as a blocker: obj, player, data.",
  blockersDeclared: "Blockers were declared (CR 509): player (the defending player), data.",
  damageOrder: "A damage assignment order was chosen: player, data.",
  assignDamage: "Combat damage was assigned: player, data.",
  combatDamageDealt: "Combat damage was dealt: player, data.",
  damagePrevented:
    "Damage to a permanent was prevented (protection, CR 702.16e): obj, player (its controller), data (n, source, combat, reason).",
  damage:
    'Damage was dealt to a creature, planeswalker or player: obj (the permanent dealt damage; none for a player), player (its controller, or the player dealt damage), cause (its source — player, obj, name — and rule "damage", as on the counters and life loss it causes; kind "rule" for combat damage, "effect" otherwise), data (n, source, combat; data.loyalty: a planeswalker\'s loyalty left, CR 120.3c; data.poison: the player\'s poison counters after damage from a source with infect, data.counters: the creature\'s -1/-1 counters after it, CR 702.90b–c).',
  lifeGain:
    "A player gained life (CR 119.3): player, cause, data.n (how much), data.life (the total now); data.lifelink.",
  lifeLoss:
    "A player lost life (CR 119.3): player, cause, data.n (how much), data.life (the total now); data.damage when damage caused it (CR 120.3a), data.paid when it was paid (CR 119.4).",
  poison: "A player got poison counters (CR 122.1f): player, cause, data.n, data.total.",
  mill: `A card was milled (CR 701.13: put from the top of its owner's library into their graveyard): ${move}.`,
  countersAnnihilated:
    "A permanent with both +1/+1 and -1/-1 counters lost N of each as a state-based action (CR 704.5q): obj, player (its controller), data.n.",
  payLife: "A player paid life: player, data.",
  playerLost: "A player lost the game (CR 104.3): player, data.",
  leaveGame:
    "A player who lost left the game with every object they own (CR 800.4a): player, data.objects, data.abilities, data.exiled.",
  leftGame: `A card left the game with its owner (CR 800.4a), to the hidden zone outside: ${move}.`,
  countered:
    "A spell was countered (CR 701.5a): removed from the stack; obj, card, player (its controller), cause.",
  counterFailed:
    "A spell that can't be countered was the object of a counter effect (CR 101.2): obj, player, data.reason.",
  ceaseToExist:
    "A token out of play ceased to exist (CR 111.7, 704.5d): obj, card, player (its owner), data.reason.",
  mana: "Mana was added to a player's mana pool (CR 106.4; a mana ability, CR 605): player, obj and name (its source), data.mana (e.g. \"{G}\"), data.pool (the pool's total), data.payment (a land tapped as a cost was paid).",
  manaEmptied:
    "Unused mana emptied from a player's pool as a step or phase ended (CR 500.4; mana an effect keeps stays): player, data.n (mana lost), data.node.",
  untapAll: "The untap step untapped the active player's permanents: player, data.n.",
  cleanup: "The cleanup step removed damage: player, data.damageRemovedFrom.",
  cleanupPriority:
    "Players got priority in the cleanup step (a state-based action or a trigger happened): player, data.",
  dayNight: "It became day or night: data.now, data.was, data.reason.",
  dayNightCheck:
    "The day/night check at the start of the untap step: data.was, data.now, data.spellsLastTurn.",
  visit: "An Attraction was visited (the die roll lit it up): obj, player, data.value.",
  rollToVisit: "A player rolled to visit their Attractions: player, data.",
  openAttraction: `An Attraction was opened: ${move}.`,
  setInMotion: "A scheme was set in motion (Archenemy): obj, card, player (the archenemy).",
};

export const magicEffectKinds: Record<string, string> = {
  pump: 'value: { power, toughness } added to the target creature until it ends ("gets +N/+N until end of turn").',
  noMaxHandSize: "The target player has no maximum hand size while it lasts.",
  keyword:
    'value: a keyword ("haste") the target object has while it lasts ("It gains haste until end of turn").',
  loseKeyword:
    'value: a keyword the target object loses while it lasts ("Target creature loses double strike until end of turn"); gained and lost keywords apply in timestamp order (CR 613.7).',
  cant: "value: the actions ([attack], [block] or both) the target creature can't do while it lasts (\"Target creature can't block this turn\", CR 508.1c, 509.1b).",
  must: 'value: the actions the target creature does if able while it lasts ("Target creature blocks this turn if able", CR 508.1d, 509.1c).',
};

/**
 * Keys of a card's `stats` Magic reads, checked whenever a card has them (others stay free): a
 * token's colours written as mana letters would otherwise make it silently colourless.
 */
export const magicStatFields: Record<string, CardFieldSpec> = {
  colors: {
    type: "array",
    items: { type: "string", enum: ["white", "blue", "black", "red", "green"] },
    description:
      'CR 105.1, 202.2: the colours of a card without a coloured mana cost (a token), by name: ["black"]. A mana cost\'s symbols decide the colours of a card that has one.',
  },
  manaCost: {
    type: "string",
    minLength: 1,
    description: 'CR 202.1: the printed mana cost in braces, "{1}{G}".',
  },
  toughness: { type: "integer", description: "CR 208: printed toughness." },
  loyalty: { type: "integer", minimum: 0, description: "CR 306.5b: printed loyalty." },
  chapters: { type: "integer", minimum: 1, description: "CR 714.2: a Saga's final chapter number." },
  token: { type: "boolean", description: "CR 111.1: a token definition (never in a deck)." },
};
