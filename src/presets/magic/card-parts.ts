/** Parts several Magic cards share. */

/** "Target creature": chosen as the spell is cast or the ability is put on the stack (CR 601.2c), checked as it resolves. */
export const targetCreature = {
  op: "choose",
  chooser: "controller",
  from: { type: "creature", zone: "battlefield" },
  as: "target",
  target: true,
  prompt: "target creature",
} as const;
