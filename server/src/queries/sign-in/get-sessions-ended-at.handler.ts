import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import {
  SESSIONS_ENDED_COLLECTION,
  type SessionsEndedView,
} from '../../projections/sign-in/sign-in.read-model';
import { GetSessionsEndedAtQuery } from './get-sessions-ended-at.query';

@QueryHandler(GetSessionsEndedAtQuery)
export class GetSessionsEndedAtHandler implements IQueryHandler<GetSessionsEndedAtQuery, string | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ userId }: GetSessionsEndedAtQuery): Promise<string | null> {
    const view = await this.readStore
      .collection<SessionsEndedView>(SESSIONS_ENDED_COLLECTION)
      .findOne({ _id: userId });
    return view?.endedAt ?? null;
  }
}
