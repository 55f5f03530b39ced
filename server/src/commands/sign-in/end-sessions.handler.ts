import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { signInDecider } from '../../domain/sign-in/sign-in.decider';
import { signInStreamId } from '../../events/sign-in.events';
import {
  IDENTITY_SESSIONS,
  type IdentitySessions,
} from '../../infrastructure/identity/identity-sessions.port';
import { AggregateStore, type CommandResult } from '../shared/aggregate-store';
import { EndSessionsCommand } from './end-sessions.command';

/** Records the end, then has the identity provider drop the sessions and tokens it still holds. */
@CommandHandler(EndSessionsCommand)
export class EndSessionsHandler implements ICommandHandler<EndSessionsCommand, CommandResult> {
  constructor(
    private readonly aggregates: AggregateStore,
    @Inject(IDENTITY_SESSIONS) private readonly sessions: IdentitySessions,
  ) {}

  async execute({ command }: EndSessionsCommand): Promise<CommandResult> {
    const result = await this.aggregates.handle(signInStreamId(command.data.userId), signInDecider, command);
    await this.sessions.endAll(command.data.userId);
    return result;
  }
}
