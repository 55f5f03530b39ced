import type { Clock } from '../../server/src/infrastructure/clock/clock';

/** A clock tests move by hand (e.g. past a basket's hour). Starts at the real time unless told otherwise. */
export class TestClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
