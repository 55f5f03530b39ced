import { type CommandContext, SYSTEM_ACTOR } from '../shared/command';

/** The moment every test command happens at, unless it says otherwise. */
export const NOW = new Date('2026-03-14T10:00:00.000Z');

export const UPLOADER_ID = 'user-uploader';
export const OTHER_USER_ID = 'user-someone-else';
export { SYSTEM_ACTOR };

/** Who sends a test command and when: `{ by: OTHER_USER_ID, at: later }`. */
export interface By {
  readonly by?: string;
  readonly at?: Date;
}

export function aContext({ by = UPLOADER_ID, at = NOW }: By = {}): CommandContext {
  return { actorId: by, now: at };
}

/** `NOW` moved by the given number of minutes (negative for the past). */
export function minutesAfterNow(minutes: number): Date {
  return new Date(NOW.getTime() + minutes * 60_000);
}
