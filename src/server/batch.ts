/**
 * Writes gathered into one transaction: the responses of many games answered in the same turn of
 * the event loop (and, while a batch is being written, those that come meanwhile) are stored by
 * one statement or transaction instead of one each. Each caller's promise settles once its own
 * write is committed, so a response is still stored before anyone is told of it. If a batch
 * fails, its writes are tried one by one: one game's failed write never fails another's. Up to
 * `concurrent` batches are written at once (a database with a connection pool): a slow commit
 * doesn't hold up the writes that come meanwhile. The caller keeps each game's writes in order
 * (a game has one write waiting at a time).
 */
export class WriteBatch<T> {
  private queue: { item: T; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;
  private inFlight = 0;
  private readonly writing = new Set<Promise<void>>();

  constructor(
    /** Writes every item in one transaction (all or none). */
    private readonly writeAll: (items: readonly T[]) => Promise<void>,
    /** Writes one item alone. */
    private readonly writeOne: (item: T) => Promise<void>,
    /** Batches written at once (1: one after another). */
    private readonly concurrent = 1,
  ) {}

  /** Resolves once `item` is committed. */
  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once every write asked for so far has been tried. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.writing.size > 0 || this.scheduled) {
      if (this.writing.size > 0) await Promise.all(this.writing);
      else await new Promise((r) => setImmediate(r));
    }
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.concurrent) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.queue.length === 0) return;
      this.inFlight++;
      const writing: Promise<void> = this.flush().finally(() => {
        this.inFlight--;
        this.writing.delete(writing);
        if (this.queue.length > 0) this.schedule();
      });
      this.writing.add(writing);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0);
    if (batch.length === 0) return;
    if (batch.length > 1) {
      try {
        await this.writeAll(batch.map((b) => b.item));
        for (const b of batch) b.resolve();
        return;
      } catch {
        // One by one below: each caller learns of its own write.
      }
    }
    for (const b of batch)
      await this.writeOne(b.item).then(
        () => b.resolve(),
        (e: unknown) => b.reject(e),
      );
  }
}
