/**
 * One budget for what a dashboard at rest asks of the service: while it plays and has the focus, the player
 * every 5 s and nothing else, 6 requests in any 30 s. A shown list reads its page again once a minute (a
 * conditional request); that read takes the place of the player's next poll instead of adding a seventh, and
 * the clock keeps the progress moving meanwhile. No React: the poll loop and the page loaders share one.
 */
export class PollShare {
  private isOwed = false;
  private readonly listeners = new Set<() => void>();

  /** A list read a page again of its own accord: the player's next poll gives way to it. */
  readonly spend = (): void => {
    this.isOwed = true;
    for (const listener of this.listeners) listener();
  };

  /** Whether the player's next poll gives way to a read made since its last one. */
  get owes(): boolean {
    return this.isOwed;
  }

  /** The player was asked: whatever it owed is paid. */
  settle(): void {
    this.isOwed = false;
  }

  /** Calls `listener` after each spend; the returned function stops it. */
  onSpend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
