/**
 * The definition checks (checking.ts): installed by every entry point of the package but
 * `turnkit/core` — `installFullChecks()` is called by src/index.ts, the scenario, preset registry,
 * simulate, agents and CLI entries.
 */
import { type DefinitionChecks, installDefinitionChecks } from "./checking.js";
import { cardDefinitionProblems } from "./definition-checks.js";
import { didYouMeanText } from "./did-you-mean.js";
import { DefinitionError } from "./errors.js";
import { opListProblems } from "./op-args.js";
import type { Preset } from "./preset.js";
import type { CardDef } from "./vocabulary/schema.js";
import { formatProblems, validateVocabulary } from "./vocabulary/validate.js";

/**
 * A card definition checked against the vocabulary (spec.ts) and the preset's own card fields, its
 * defaults filled in (a copy), or a DefinitionError naming preset, card and every field at fault.
 */
function parseCard(card: unknown, where: string, preset: Preset): CardDef {
  const { value, problems } = validateVocabulary("CardDef", card, "", {
    ...(preset.cardFields ? { cardFields: preset.cardFields } : {}),
    ...(preset.statFields ? { statFields: preset.statFields } : {}),
  });
  if (problems.length === 0) return value as CardDef;
  const id = (card as { id?: unknown } | null)?.id;
  const named = typeof id === "string" ? `card "${id}"` : "a card";
  // Problems inside an ability name it: card "x" ability "y": trigger.on: …
  const abilities = (card as { abilities?: unknown } | null)?.abilities;
  const lines = problems.map((p) => {
    const [first, index] = p.keys ?? [];
    const ability =
      first === "abilities" && typeof index === "number" && Array.isArray(abilities)
        ? (abilities[index] as { id?: unknown } | undefined)?.id
        : undefined;
    if (typeof ability === "string" && (p.keys?.length ?? 0) > 2)
      return `${where}: ${named} ability "${ability}": ${formatProblems([{ ...p, path: p.path.replace(/^abilities\[\d+\]\.?/, "") }])}`;
    return `${where}: ${named}: ${formatProblems([p])}`;
  });
  throw new DefinitionError(lines.join("\n"));
}

export const fullDefinitionChecks: DefinitionChecks = {
  parseCard,
  cardProblems: cardDefinitionProblems,
  opProblems: opListProblems,
  hint: didYouMeanText,
};

/** Makes every game created from now on check its definitions (the default of every entry but `turnkit/core`). */
export function installFullChecks(): void {
  installDefinitionChecks(fullDefinitionChecks);
}
