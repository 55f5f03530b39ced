export const SESSIONS_ENDED_COLLECTION = 'sessions_ended';

/** One document per user whose sign-ins were ever ended; `_id` is the user id. */
export interface SessionsEndedView {
  _id: string;
  /** ISO-8601: ID tokens from sign-ins before this are refused. */
  endedAt: string;
  [key: string]: unknown;
}
