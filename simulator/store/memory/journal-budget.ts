/**
 * One byte budget for the journals of every tenant: the bytes their rings hold together stay under
 * it, and when a ring needs more, the oldest entries of all journals go first, whichever tenant
 * they belong to. Entries are queued oldest first as one list of journal references (a pointer
 * per entry); an entry a journal dropped by itself leaves a stale reference, skipped when reached.
 */

/** What the budget needs of a journal. */
export interface BudgetedJournal {
  /** Drops the journal's oldest entry for the budget, giving back what it can of its ring. */
  dropOldestForBudget(): void;
  /** How many of the journal's oldest references in the queue name entries it already dropped. */
  staleReferences: number;
}

export class JournalBudget {
  private held = 0;
  private queue: BudgetedJournal[] = [];
  private head = 0;
  private live = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes the journals' rings hold. */
  get bytesHeld(): number {
    return this.held;
  }

  /** A journal recorded an entry. */
  entryRecorded(journal: BudgetedJournal): void {
    this.queue.push(journal);
    this.live++;
    if (this.queue.length > 1024 && this.queue.length > 2 * this.live) this.compact();
  }

  /** A journal dropped `count` of its oldest entries by itself. */
  entriesDropped(journal: BudgetedJournal, count: number): void {
    journal.staleReferences += count;
    this.live -= count;
  }

  /**
   * Makes room for a ring to grow by `bytes`, dropping the oldest entries of all journals (the
   * asking one's too); false when it cannot, even with every other journal emptied.
   */
  claim(bytes: number): boolean {
    while (this.held + bytes > this.maxBytes) {
      if (!this.dropOldest()) return false;
    }
    this.held += bytes;
    return true;
  }

  /** A ring gave back `bytes`. */
  release(bytes: number): void {
    this.held -= bytes;
  }

  private dropOldest(): boolean {
    while (this.head < this.queue.length) {
      const journal = this.queue[this.head++] as BudgetedJournal;
      if (journal.staleReferences > 0) {
        journal.staleReferences--;
        continue;
      }
      this.live--;
      journal.dropOldestForBudget();
      return true;
    }
    return false;
  }

  /** Rebuilds the queue without its stale references. */
  private compact(): void {
    const kept: BudgetedJournal[] = [];
    for (let i = this.head; i < this.queue.length; i++) {
      const journal = this.queue[i] as BudgetedJournal;
      if (journal.staleReferences > 0) journal.staleReferences--;
      else kept.push(journal);
    }
    this.queue = kept;
    this.head = 0;
  }
}
