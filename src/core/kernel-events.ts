/**
 * The kernel's event catalogue: every event type it emits, with when and with which fields
 * (`player`, `obj`, `card`, `name`, `from`, `to`, `cause`, `data`). A preset declares its own in
 * `Preset.events`; docs/events.md publishes both.
 */
export const KERNEL_EVENTS: Readonly<Record<string, string>> = {
  move: "An object changed zone (game.move, the move op): obj, card, name, from and to (zone kinds), player (owner), data.controller (before the move), cause. A move may be recorded under another type (the move op's `event`, MoveOptions.event: destroy, discard, summon …).",
  draw: "A card was drawn (game.draw, the draw op): a move from the deck to the hand; player, obj, from, to.",
  drawFromEmpty: "A player had to draw from an empty deck: player.",
  shuffle: "A zone was shuffled: player (its owner, if any), data.zone (zone kind).",
  putUnder:
    "An object was put under another (seals, evolution sources, Xyz materials): obj, from, to, player.",
  control:
    "An object changed controller without changing zone kind (the gainControl op; core/control.ts): obj, inc (kept), card, name, player (the new controller), data.from, data.returned (a control effect ended), cause.",
  tap: 'An object became tapped, by any means: obj, player (controller), cause — kind "rule" with rule "untap" for the untap step\'s turn-based action, "action" for an attack, "cost" for a cost (a mana ability: cause.ability "mana"), "effect" for an effect.',
  untap:
    'An object became untapped, by any means: obj, player (controller), cause (as for tap; the untap step: kind "rule", rule "untap").',
  targeted:
    'An object or a player became the target of a spell or ability (targets chosen: the choose op with target: true, or a preset\'s own target choice; CR 115.1): obj and player (its controller), or player alone with data.target "player"; cause (the spell or ability: player, obj, card, name, ability). Each object once per spell or ability, however often it targets it.',
  faceDown: "An object was turned face-down: obj, player (controller), data.bySelf.",
  faceUp: "An object was turned face-up: obj, player (controller).",
  counter:
    "Counters were put on or removed from an object, by any cause (the addCounter op, addCounters): obj, player (controller), cause, data.counter, data.n (the change, signed), data.total (now), data.before (before it).",
  reveal:
    "A hidden card was shown to every player (as a replacement moved it from a hidden zone): obj, card, data.why.",
  turnBegin: "A turn began: player (active), data.turn, data.extra, data.ordinal.",
  turnEnd: "A turn ended: player (active), data.turn.",
  turnSkipped: "A player's turn was skipped: player, data.extra.",
  turnControlAdded:
    "A player will be controlled during their next turn (the controlTurn op, Game.controlNextTurn; CR 722): player (who will be controlled), data.by (who controls them), data.source.",
  turnControl:
    "A turn began whose player is controlled by another (CR 722.1): player (the turn's player), data.by (who makes their decisions; the player themselves when they gained control of themselves, 722.6), data.source.",
  extraTurnAdded: "An extra turn was added (the extraTurn op, game.addExtraTurn): player, data.source.",
  nodesAdded:
    "Turn nodes were added to run after a running node ends (the addNodes op, game.addNodesAfter; CR 500.8): player (active), data.after, data.nodes, data.source.",
  skipTo:
    'The turn skips ahead (Game.skipTo, the skipTo op; CR 723.1d "end the turn"): player (active), data.to (the node gone to), data.ended (the running nodes that end), data.source.',
  skipNodeAdded:
    'A player will skip their next run of a turn node (the skipNode op, Game.skipNextNode; CR 500.10 "skip your next draw step"): player (who skips), data.node, data.source.',
  nodeSkipped:
    'A turn node didn\'t happen: its run was skipped (CR 500.10, 614.10): player (active), data.node, data.by ("static": a static ability of kind skipNode; "effect": a skipNode op used up), data.source.',
  nodeEnter: "A turn node is entered, before its turn-based actions: player (active), data.node.",
  nodeBegin:
    'A turn node began, after its turn-based actions ("at the start of your … step"): player (active), data.node.',
  nodeEnd: 'A turn node ended ("at the end of …"): player (active), data.node.',
  durationEnd:
    "A continuous effect with a duration ended: player (its controller), data.duration, data.label, data.kind, data.boundary.",
  trigger:
    "An ability triggered and is pending: obj, card, name, player (controller), data.ability; data.delayed for a delayed triggered ability (the delayed op, CR 603.7).",
  resolve: "A pending ability resolved: obj, card, player (controller), data.ability, data.keyword.",
  fizzle:
    "An ability did not resolve (its condition no longer holds, a limit refused at resolution, its targets are illegal): obj, data.ability, data.reason; data.pending for a pending ability.",
  decline:
    'A player declined an optional ability or answered no to a "you may": player, obj, data.ability, data.pending, data.limitUsed; or data.prompt.',
  accept: 'A player answered yes to a "you may" (the may op): player, data.prompt.',
  activate: "An activated ability was activated (activateNow): obj, card, player, data.ability.",
  replaced:
    "A replacement ability applied instead of an event: obj (the replacing card), player, data.ability, data.replaced (the event type), data.target.",
  limitUsed: "A usage limit was charged: obj, card, player, data.ability, data.limit, data.key, data.window.",
  limitRefused:
    "A usage limit refused an ability at trigger, replacement or application: obj, data.ability, data.reason, data.key, data.window, data.at.",
  limitRefunded:
    "An activation limit was given back (a negated activation): obj, data.ability, data.limit, data.key, data.window.",
  roll: "A die was rolled (the roll op): player, data.sides, data.value.",
  coin: "A coin was tossed (the coin op): player, data.value.",
  note: "A line of narration from the log op: player, data.text.",
  decision:
    "A player answered a decision: player, data.decision, data.kind, data.choice, data.label, data.pass (the option only lets the moment pass; DecisionOption.pass), data.only (it was the only option), data.about (the handle of the card the question was about; Decision.about) (seen by that player only).",
  gameEnd: "The game ended: player (the winner, if any), data.reason, data.winner.",
};
