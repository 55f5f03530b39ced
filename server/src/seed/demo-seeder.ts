import { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Command, CommandBus } from '@nestjs/cqrs';
import { v5 as uuidv5 } from 'uuid';
import { ChangeDocument } from '../commands/document/change-document.command';
import { UploadFile } from '../commands/document/upload-file.command';
import { AcceptUserTermsCommand } from '../commands/profile/accept-user-terms.command';
import { ChangeAdminRoleCommand } from '../commands/profile/change-admin-role.command';
import { RegisterProfileCommand } from '../commands/profile/register-profile.command';
import type { CommandResult } from '../commands/shared/aggregate-store';
import { UpdateProfileCommand } from '../commands/profile/update-profile.command';
import { EMPTY_PROFILE_DETAILS } from '../domain/profile/profile-details';
import { type CommandContext, SYSTEM_ACTOR } from '../domain/shared/command';
import { CLOCK, type Clock } from '../infrastructure/clock/clock';
import { EVENT_STORE, type EventStore } from '../infrastructure/event-store/event-store.port';
import { FileProcessingManager } from '../processes/file-processing/file-processing.process-manager';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_TEMPLATES, DEMO_UPLOADERS } from './demo-catalogue.data';
import type { DemoTemplate } from './demo-catalogue.types';
import { type DemoFileBytes, demoFiles } from './demo-files';

const DEMO_NAMESPACE = '0b7c0f9e-58c1-4d1f-a8b6-5b0a3c1e9d42';
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/** What seeding wrote at once, and what it finishes in the background. */
export interface SeedOutcome {
  /** Log position of the last event written before seedIfEmpty answered. */
  readonly position: bigint | null;
  /**
   * Resolves once every demo file is processed and the published templates are published (they need
   * their main file processed first). Never rejects: a failure is logged.
   */
  readonly finished: Promise<void>;
  /**
   * Resolves once the published templates are published (the DOCX copies may still be processing);
   * never rejects.
   */
  readonly published: Promise<void>;
}

/** Stable ids, so the demo catalogue has the same ids (and slugs) on every machine. */
export const demoDocumentId = (t: DemoTemplate): string =>
  uuidv5(`document/${t.uploader}/${t.title}`, DEMO_NAMESPACE);

/**
 * Fills an empty event log with the demo catalogue by sending ordinary commands, so every seeded fact
 * is an event like any other (and the seed obeys every domain rule). Each template gets real files,
 * generated here and sent through the same upload and background processing as an uploader's, so its
 * pages, sizes and preview are true and it can be bought and downloaded.
 */
@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger(DemoSeeder.name);

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly fileProcessing: FileProcessingManager,
  ) {}

  /**
   * Seeds when the log is empty: profiles, accounts, the documents and their files at once; publishing
   * follows in the background as soon as the main files are processed. Null when the log had events.
   */
  async seedIfEmpty(): Promise<SeedOutcome | null> {
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

    // All main files first: they are processed in log order, so the documents can be published soon,
    // while the DOCX copies (converted by LibreOffice when installed) follow in the background.
    const files = new Map<DemoTemplate, { pdf: DemoFileBytes; docx: DemoFileBytes }>();
    for (const template of DEMO_TEMPLATES) {
      const generated = await demoFiles(template);
      files.set(template, generated);
      const documentId = demoDocumentId(template);
      const created = this.createdAt(template, now);
      track(
        (
          await this.commandBus.execute(
            new ChangeDocument({
              type: 'CreateDocument',
              data: { documentId, uploaderId: this.uploaderOf(template), details: this.detailsOf(template) },
              context: { actorId: this.uploaderOf(template), now: created },
            }),
          )
        ).position,
      );
      track(await this.upload(template, generated.pdf, 1, now));
    }
    const mainFilesAdded = last;
    for (const template of DEMO_TEMPLATES)
      track(await this.upload(template, files.get(template)!.docx, 2, now));
    this.logger.log(
      `Seeded ${DEMO_UPLOADERS.length} uploaders, ${DEMO_ACCOUNTS.length} demo accounts and ${DEMO_TEMPLATES.length} demo templates with ${DEMO_TEMPLATES.length * 2} files; processing the files`,
    );
    const published = this.publishWhenProcessed(mainFilesAdded);
    const finished = published
      .then(async () => {
        await this.fileProcessing.idle();
        this.logger.log('Every demo file is processed');
      })
      .catch((error: unknown) =>
        this.logger.error('The demo catalogue could not be finished', error as Error),
      );
    return { position: last, finished, published: published.catch(() => undefined) };
  }

  /** The uploader adds a generated file through the upload command, `minutesLater` after creating. */
  private async upload(
    template: DemoTemplate,
    file: DemoFileBytes,
    minutesLater: number,
    now: Date,
  ): Promise<bigint | null> {
    const uploaderId = this.uploaderOf(template);
    const at = new Date(this.createdAt(template, now).getTime() + minutesLater * MINUTE_MS);
    const result = await this.commandBus.execute(
      new UploadFile(demoDocumentId(template), file.name, file.bytes.length, Readable.from([file.bytes]), {
        actorId: uploaderId,
        now: at,
      }),
    );
    return result.position;
  }

  /** Publishes the published templates once their main files are processed. */
  private async publishWhenProcessed(mainFilesAdded: bigint | null): Promise<void> {
    await this.fileProcessing.waitFor(mainFilesAdded);
    const now = this.clock.now();
    let published = 0;
    for (const template of DEMO_TEMPLATES.filter((t) => t.published)) {
      const uploaderId = this.uploaderOf(template);
      try {
        await this.commandBus.execute(
          new ChangeDocument({
            type: 'PublishDocument',
            data: { documentId: demoDocumentId(template) },
            // Published once its main file is processed, which is now (file processing runs on the clock).
            context: { actorId: uploaderId, now },
          }),
        );
        published += 1;
      } catch (error) {
        this.logger.warn(`Demo template "${template.title}" stays a draft: ${String(error)}`);
      }
    }
    this.logger.log(`Published ${published} demo templates`);
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

  private uploaderOf(t: DemoTemplate): string {
    const uploader = DEMO_UPLOADERS.find((u) => u.key === t.uploader);
    if (!uploader) throw new Error(`Demo template "${t.title}" names unknown uploader "${t.uploader}"`);
    return uploader.userId;
  }

  private detailsOf(t: DemoTemplate) {
    const { title, description, author, language, fieldOfLaw, applicableLaw, tags, year, price } = t;
    return { title, description, author, language, fieldOfLaw, applicableLaw, tags, year, price };
  }

  /** Seeded documents are spread over the past weeks, so newest/oldest sorting has something to do. */
  private createdAt(t: DemoTemplate, now: Date): Date {
    return new Date(now.getTime() - t.ageDays * DAY_MS);
  }
}
