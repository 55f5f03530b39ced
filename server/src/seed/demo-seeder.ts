import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Command, CommandBus } from '@nestjs/cqrs';
import { v5 as uuidv5 } from 'uuid';
import { ChangeDocument } from '../commands/document/change-document.command';
import { AcceptUserTermsCommand } from '../commands/profile/accept-user-terms.command';
import { ChangeAdminRoleCommand } from '../commands/profile/change-admin-role.command';
import { RegisterProfileCommand } from '../commands/profile/register-profile.command';
import type { CommandResult } from '../commands/shared/aggregate-store';
import { UpdateProfileCommand } from '../commands/profile/update-profile.command';
import type { DocumentCommand } from '../domain/catalogue/document.decider';
import { EMPTY_PROFILE_DETAILS } from '../domain/profile/profile-details';
import { type CommandContext, SYSTEM_ACTOR } from '../domain/shared/command';
import { CLOCK, type Clock } from '../infrastructure/clock/clock';
import { EVENT_STORE, type EventStore } from '../infrastructure/event-store/event-store.port';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_TEMPLATES, DEMO_UPLOADERS } from './demo-catalogue.data';
import type { DemoTemplate } from './demo-catalogue.types';
import { documentCommands } from './document-commands';

const DEMO_NAMESPACE = '0b7c0f9e-58c1-4d1f-a8b6-5b0a3c1e9d42';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Stable ids, so the demo catalogue has the same ids (and slugs) on every machine. */
export const demoDocumentId = (t: DemoTemplate): string =>
  uuidv5(`document/${t.uploader}/${t.title}`, DEMO_NAMESPACE);
const demoFileId = (t: DemoTemplate, index: number): string =>
  uuidv5(`file/${t.uploader}/${t.title}/${index}`, DEMO_NAMESPACE);

/**
 * Fills an empty event log with the demo catalogue by sending ordinary commands, so every seeded fact
 * is an event like any other (and the seed obeys every domain rule).
 */
@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger(DemoSeeder.name);

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Seeds when the log is empty; answers the position of the last seeded event, or null when it did nothing. */
  async seedIfEmpty(): Promise<bigint | null> {
    if ((await this.eventStore.headPosition()) !== null) return null;
    const now = this.clock.now();
    const oldest = Math.max(...DEMO_TEMPLATES.map((t) => t.ageDays)) + 1;
    let last: bigint | null = null;
    const track = (position: bigint | null) => {
      if (position !== null) last = position;
    };

    for (const uploader of DEMO_UPLOADERS) {
      const context: CommandContext = {
        actorId: uploader.userId,
        now: new Date(now.getTime() - oldest * DAY_MS),
      };
      const { key: _key, ...data } = uploader;
      track(
        (
          await this.commandBus.execute(
            new RegisterProfileCommand({ type: 'RegisterProfile', data, context }),
          )
        ).position,
      );
    }

    track(await this.seedAccounts(new Date(now.getTime() - oldest * DAY_MS)));

    for (const template of DEMO_TEMPLATES) {
      for (const command of this.commandsFor(template, now)) {
        track((await this.commandBus.execute(new ChangeDocument(command))).position);
      }
    }
    this.logger.log(
      `Seeded ${DEMO_UPLOADERS.length} uploaders, ${DEMO_ACCOUNTS.length} demo accounts and ${DEMO_TEMPLATES.length} demo templates`,
    );
    return last;
  }

  /**
   * The demo sign-in accounts: a profile for those who are not uploaders, the user terms accepted by
   * everyone, and the admin account granted the admin role by the system.
   */
  private async seedAccounts(at: Date): Promise<bigint | null> {
    let last: bigint | null = null;
    const run = async (command: Command<CommandResult>) => {
      const { position } = await this.commandBus.execute(command);
      if (position !== null) last = position;
    };
    const uploaderIds = new Set(DEMO_UPLOADERS.map((u) => u.userId));
    for (const account of DEMO_ACCOUNTS) {
      const context: CommandContext = { actorId: account.userId, now: at };
      const { userId, email, firstName, lastName } = account;
      if (!uploaderIds.has(userId)) {
        await run(
          new UpdateProfileCommand({
            type: 'UpdateProfile',
            data: {
              userId,
              email,
              details: { ...EMPTY_PROFILE_DETAILS, firstName, lastName },
              acceptTerms: true,
            },
            context,
          }),
        );
      } else {
        await run(new AcceptUserTermsCommand({ type: 'AcceptUserTerms', data: { userId }, context }));
      }
      if (account.role === 'admin') {
        await run(
          new ChangeAdminRoleCommand({
            type: 'GrantAdmin',
            data: { userId },
            context: { actorId: SYSTEM_ACTOR, now: at },
          }),
        );
      }
    }
    return last;
  }

  private commandsFor(t: DemoTemplate, now: Date): DocumentCommand[] {
    const uploader = DEMO_UPLOADERS.find((u) => u.key === t.uploader);
    if (!uploader) throw new Error(`Demo template "${t.title}" names unknown uploader "${t.uploader}"`);
    const { title, description, author, language, fieldOfLaw, applicableLaw, tags, year, price } = t;
    return documentCommands({
      documentId: demoDocumentId(t),
      uploaderId: uploader.userId,
      details: { title, description, author, language, fieldOfLaw, applicableLaw, tags, year, price },
      files: t.files.map((file, index) => ({ ...file, fileId: demoFileId(t, index) })),
      created: new Date(now.getTime() - t.ageDays * DAY_MS),
      publish: t.published,
    });
  }
}
