import { Injectable } from '@nestjs/common';

/**
 * Holds the background sweeps (unpaid purchases past their window, expired baskets) while work that
 * writes the past runs. The demo history records baskets and purchases at moments weeks ago, through
 * the same commands as today's; a sweep judging them by today's clock in between would expire a
 * purchase after its basket was checked out and before its payment started (the history then stopped
 * at "PURCHASE.NOT_PAYABLE" with most of its sales missing).
 */
@Injectable()
export class SweepPause {
  private holders = 0;
  private readonly running = new Set<Promise<unknown>>();

  get held(): boolean {
    return this.holders > 0;
  }

  /** Runs a sweep, or skips it (null) while the sweeps are held; the next round sweeps what is due. */
  async sweep<T>(sweep: () => Promise<T>): Promise<T | null> {
    if (this.held) return null;
    const running = sweep();
    this.running.add(running);
    try {
      return await running;
    } finally {
      this.running.delete(running);
    }
  }

  /** Runs `work` with the sweeps held: a sweep under way finishes first, and none starts until it ends. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.holders += 1;
    try {
      await Promise.allSettled([...this.running]);
      return await work();
    } finally {
      this.holders -= 1;
    }
  }
}
