/**
 * What each viewer did with each ad at each place, in this process (the counting store without Redis):
 * four times per entry in one Float64Array, found by a Map from a short key to the entry's slot. Bounded:
 * once full, a new entry takes the oldest one's slot (first in, first out), so memory stays flat
 * (about 100 bytes an entry) and no event waits for an eviction: nothing is scanned, nothing is moved.
 *
 * Forgetting an entry early can only count a repeat (if it had been counted less than a minute before,
 * which needs MAX_ENTRIES newer entries within that minute) or filter a click as unseen (if its impression
 * is older than MAX_ENTRIES newer entries). Past that scale, run with Redis.
 */

/** The most entries kept: about 50 MB. */
export const MAX_ENTRIES = 500_000;
const FIRST_CAPACITY = 4096;

/** The times kept per entry (ms; -∞: never). */
export const ViewerField = {
  /** The last impression, counted or not (a click needs one). */
  seenAt: 0,
  countedAt: 1,
  /** The UTC hour of the last counted impression. */
  countedHour: 2,
  clickedAt: 3,
} as const;
export type ViewerField = (typeof ViewerField)[keyof typeof ViewerField];
const FIELDS = 4;

export class ViewerTable {
  private readonly slots = new Map<string, number>();
  private readonly keys: Array<string | undefined> = [];
  private capacity: number;
  private times: Float64Array;
  private next = 0;

  constructor(private readonly maxEntries = MAX_ENTRIES) {
    this.capacity = Math.min(FIRST_CAPACITY, maxEntries);
    this.times = new Float64Array(this.capacity * FIELDS).fill(Number.NEGATIVE_INFINITY);
  }

  /** The slot of `key`, or undefined when it has none. */
  find(key: string): number | undefined {
    return this.slots.get(key);
  }

  /** The slot of `key`, taken (from the oldest entry when full) if it has none; its times start at -∞. */
  slotFor(key: string): number {
    const found = this.slots.get(key);
    if (found !== undefined) return found;
    if (this.next === this.capacity) {
      if (this.capacity < this.maxEntries) this.grow();
      else this.next = 0;
    }
    const slot = this.next++;
    const previous = this.keys[slot];
    if (previous !== undefined) this.slots.delete(previous);
    this.keys[slot] = key;
    this.slots.set(key, slot);
    this.times.fill(Number.NEGATIVE_INFINITY, slot * FIELDS, slot * FIELDS + FIELDS);
    return slot;
  }

  get(slot: number, field: ViewerField): number {
    return this.times[slot * FIELDS + field]!;
  }

  set(slot: number, field: ViewerField, value: number) {
    this.times[slot * FIELDS + field] = value;
  }

  get size() {
    return this.slots.size;
  }

  private grow() {
    this.capacity = Math.min(this.capacity * 2, this.maxEntries);
    const times = new Float64Array(this.capacity * FIELDS).fill(Number.NEGATIVE_INFINITY);
    times.set(this.times);
    this.times = times;
  }
}
