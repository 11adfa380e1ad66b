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
    private readonly compute: (key: string) => V,
  ) {}

  get(key: string): V {
    let value = this.newer.get(key);
    if (value !== undefined) return value;
    value = this.older.get(key);
    if (value === undefined) value = this.compute(key);
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
