/**
 * Gathers the lookups asked for during one turn of the event loop and answers them with one query: a
 * burst of requests that each need a row by key (a thousand fans' first votes when a show airs) costs the
 * database one statement per turn instead of one per request. Nothing waits for a timer: the query goes
 * out as soon as the turn's callbacks have run (setImmediate).
 */
export class BatchedLookup<Key, Value> {
  private waiting = new Map<
    Key,
    Array<{ resolve(value: Value | undefined): void; reject(error: unknown): void }>
  >();
  private scheduled = false;

  /**
   * @param load answers the rows found for `keys` (at most `maxKeys`), as a map by key; a key it does not
   * answer resolves to undefined.
   */
  constructor(
    private readonly load: (keys: Key[]) => Promise<Map<Key, Value>>,
    private readonly maxKeys = 500,
  ) {}

  get(key: Key): Promise<Value | undefined> {
    return new Promise((resolve, reject) => {
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = new Map();
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += this.maxKeys) {
      const slice = keys.slice(start, start + this.maxKeys);
      this.load(slice).then(
        (found) => {
          for (const key of slice) for (const caller of batch.get(key)!) caller.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const key of slice) for (const caller of batch.get(key)!) caller.reject(error);
        },
      );
    }
  }
}
