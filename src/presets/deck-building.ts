/**
 * Small helpers for the presets' random deck builders (`Preset.randomDecks`): a deck that is
 * filled from pools of card ids under a size and a copy limit, with the randomness supplied by
 * the caller's `pick(n)` (a uniform integer in [0, n)), so decks are reproducible from a seed.
 */

/** A uniform integer in [0, n). */
export type Pick = (n: number) => number;

/** A copy of `items` in random order (Fisher–Yates). */
export function shuffled<T>(pick: Pick, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** `k` distinct items of `items`, chosen uniformly. */
export function sample<T>(pick: Pick, items: readonly T[], k: number): T[] {
  return shuffled(pick, items).slice(0, k);
}

/**
 * A deck under construction: at most `size` cards, at most `maxCopies(id)` copies of a card
 * (counted by `keyOf`, e.g. the card's name, so two ids of one name share the limit).
 */
export class DeckBuilder {
  readonly cards: string[] = [];
  private readonly copies = new Map<string, number>();

  constructor(
    private readonly pick: Pick,
    readonly size: number,
    private readonly maxCopies: (id: string) => number,
    private readonly keyOf: (id: string) => string = (id) => id,
  ) {}

  get full(): boolean {
    return this.cards.length >= this.size;
  }

  /** How many more copies of `id` the deck may take. */
  room(id: string): number {
    return Math.max(0, this.maxCopies(id) - (this.copies.get(this.keyOf(id)) ?? 0));
  }

  add(id: string): void {
    if (this.full || this.room(id) === 0) throw new Error(`cannot add another ${id} to the deck`);
    this.cards.push(id);
    const key = this.keyOf(id);
    this.copies.set(key, (this.copies.get(key) ?? 0) + 1);
  }

  /**
   * Adds cards of `pool` in random order, a random number of copies of each (1 up to what the
   * copy limit allows, at most `maxRun`), until `enough()` holds or the deck is full; passes over
   * the pool again while it is neither and some card has room. Returns whether `enough()` holds.
   */
  fill(
    pool: readonly string[],
    enough: () => boolean = () => false,
    maxRun = Number.POSITIVE_INFINITY,
  ): boolean {
    const done = () => this.full || enough();
    while (!done()) {
      const open = shuffled(
        this.pick,
        [...new Set(pool)].filter((id) => this.room(id) > 0),
      );
      if (open.length === 0) break;
      for (const id of open) {
        if (done()) break;
        const n = 1 + this.pick(Math.min(this.room(id), maxRun));
        for (let i = 0; i < n && !done(); i++) this.add(id);
      }
    }
    return enough();
  }

  /** `fill`, and throws (naming `what`) if the pool cannot make `enough()` hold: the library is too small for the builder. */
  require(pool: readonly string[], enough: () => boolean, what: string): void {
    if (!this.fill(pool, enough)) throw new Error(`the library cannot make a deck with ${what}`);
  }

  /** How many cards of the deck satisfy `test`. */
  count(test: (id: string) => boolean): number {
    return this.cards.filter(test).length;
  }
}

/**
 * Deck lists made once, frozen, on first use: a preset's set-up reads its sample decks in every
 * game it makes without building them anew (`make` stays the public builder, a fresh copy per call).
 */
export function madeOnce(make: () => string[][]): () => readonly (readonly string[])[] {
  let lists: readonly (readonly string[])[] | null = null;
  return () => {
    lists ??= Object.freeze(make().map((d) => Object.freeze(d)));
    return lists;
  };
}
