/**
 * The terminal's one rule for remembering what it computed (widths, parsed rows, placed lines, clipped slices):
 * values are kept in two generations; when the newer holds `capacity` values it becomes the older, and what the
 * older held is forgotten. A value asked for since the last turn-over survives the next, so what every frame
 * shows stays remembered, and memory stays under twice `capacity` values whatever scrolls past.
 */
export class BoundedCache<V> {
  private newer = new Map<string, V>();
  private older = new Map<string, V>();

  constructor(
    private readonly capacity: number,
    private readonly compute: (key: string) => V = () => {
      throw new Error('BoundedCache: nothing to compute a value with; use find and remember');
    },
  ) {}

  get(key: string): V {
    const value = this.find(key);
    return value === undefined ? this.remember(key, this.compute(key)) : value;
  }

  /** The value remembered for `key`, without computing one (undefined: none). */
  find(key: string): V | undefined {
    const value = this.newer.get(key);
    if (value !== undefined) return value;
    const older = this.older.get(key);
    return older === undefined ? undefined : this.remember(key, older);
  }

  /** Remembers a value computed elsewhere (one the caller already had, so `compute` need not run). */
  remember(key: string, value: V): V {
    if (this.newer.size >= this.capacity) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(key, value);
    return value;
  }

  /** How many values are remembered now (never more than twice the capacity). */
  get size(): number {
    return this.newer.size + this.older.size;
  }
}
