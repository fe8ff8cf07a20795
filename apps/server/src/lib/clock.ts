/** The server's notion of now: real time in production, a hand-moved clock in tests of expiry rules. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current = new Date()) {}
  now() {
    return new Date(this.current);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
  advance(milliseconds: number) {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}
