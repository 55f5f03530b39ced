import type { StoredEvent } from '../../events/domain-event';
import type { SignInEvent } from '../../events/sign-in.events';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';
import { SESSIONS_ENDED_COLLECTION, type SessionsEndedView } from './sign-in.read-model';

/** When each user's sign-ins were last ended: what the API's token check reads on every signed-in call. */
export class SignInProjection implements Projection {
  readonly name = 'sign-in';
  readonly collections = [SESSIONS_ENDED_COLLECTION];

  handles(eventType: string): boolean {
    return eventType === 'SessionsEnded';
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as SignInEvent;
    if (event.type !== 'SessionsEnded') return;
    const { userId, endedAt } = event.data;
    await tx
      .collection<SessionsEndedView>(SESSIONS_ENDED_COLLECTION)
      .replaceOne({ _id: userId }, { _id: userId, endedAt }, { upsert: true });
  }
}
