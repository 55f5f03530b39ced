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
import { documentStreamId, type FileAdded } from '../events/document.events';
import { profileStreamId } from '../events/profile.events';
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
   * Resolves once the published templates are published (the DOCX copies may still be processing):
   * true; false when the server stopped first (the next start publishes them). Never rejects.
   */
  readonly published: Promise<boolean>;
}

/** Stable ids, so the demo catalogue has the same ids (and slugs) on every machine. */
export const demoDocumentId = (t: DemoTemplate): string =>
  uuidv5(`document/${t.uploader}/${t.title}`, DEMO_NAMESPACE);

/**
 * Fills an empty event log with the demo catalogue (or finishes one an earlier start began) by sending
 * ordinary commands, so every seeded fact is an event like any other (and the seed obeys every domain
 * rule). Each template gets real files, generated here and sent through the same upload and background
 * processing as an uploader's, so its pages, sizes and preview are true and it can be bought and downloaded.
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
   * Brings the demo data to complete: on an empty log it seeds profiles, accounts, the documents and
   * their files at once, and publishing follows in the background as soon as the main files are
   * processed. Every step is skipped when the log shows it done, so a log whose demo seed an earlier
   * start began but did not finish (stopped while the files were processing) is finished now instead of
   * staying a half-published catalogue. Null when the log has events and is not the demo's.
   */
  async seed(): Promise<SeedOutcome | null> {
    const empty = (await this.eventStore.headPosition()) === null;
    if (!empty && !(await this.demoBegun())) return null;
    const now = this.clock.now();
    const oldest = Math.max(...DEMO_TEMPLATES.map((t) => t.ageDays)) + 1;
    let last: bigint | null = null;
    const track = (position: bigint | null) => {
      if (position !== null) last = position;
    };

    for (const uploader of DEMO_UPLOADERS) {
      if ((await this.eventTypes(profileStreamId(uploader.userId))).length > 0) continue;
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
    const toPublish: DemoTemplate[] = [];
    const docxMissing: [DemoTemplate, DemoFileBytes][] = [];
    /** Where the last main file was added: publishing waits for the processing to get there. */
    let mainFilesAdded: bigint | null = null;
    const mainFileAt = (position: bigint | null) => {
      if (position !== null && (mainFilesAdded === null || position > mainFilesAdded))
        mainFilesAdded = position;
    };
    for (const template of DEMO_TEMPLATES) {
      const documentId = demoDocumentId(template);
      const done = await this.eventStore.readStream(documentStreamId(documentId));
      const added = (format: string) =>
        done.find((e) => e.type === 'FileAdded' && (e.data as FileAdded['data']).format === format);
      const hasFile = (format: string) => added(format) !== undefined;
      mainFileAt(added('pdf')?.position ?? null);
      if (template.published && !done.some((e) => e.type === 'DocumentPublished')) toPublish.push(template);
      if (hasFile('pdf') && hasFile('docx')) continue;
      const generated = await demoFiles(template);
      if (done.length === 0) {
        track(
          (
            await this.commandBus.execute(
              new ChangeDocument({
                type: 'CreateDocument',
                data: {
                  documentId,
                  uploaderId: this.uploaderOf(template),
                  details: this.detailsOf(template),
                },
                context: { actorId: this.uploaderOf(template), now: this.createdAt(template, now) },
              }),
            )
          ).position,
        );
      }
      if (!hasFile('pdf')) {
        const position = await this.upload(template, generated.pdf, 1, now);
        track(position);
        mainFileAt(position);
      }
      if (!hasFile('docx')) docxMissing.push([template, generated.docx]);
    }
    for (const [template, docx] of docxMissing) track(await this.upload(template, docx, 2, now));
    if (empty) {
      this.logger.log(
        `Seeded ${DEMO_UPLOADERS.length} uploaders, ${DEMO_ACCOUNTS.length} demo accounts and ${DEMO_TEMPLATES.length} demo templates with ${DEMO_TEMPLATES.length * 2} files; processing the files`,
      );
    } else if (last !== null || toPublish.length > 0) {
      this.logger.log(
        `Finishing the demo data an earlier start left unfinished: ${toPublish.length} templates to publish`,
      );
    }
    const published = this.publishWhenProcessed(mainFilesAdded, toPublish);
    const finished = published
      .then(async (done) => {
        if (done && (await this.fileProcessing.idle())) this.logger.log('Every demo file is processed');
      })
      .catch((error: unknown) =>
        this.logger.error('The demo catalogue could not be finished', error as Error),
      );
    return { position: last, finished, published: published.catch(() => false) };
  }

  /** Whether this log is the demo's: its first event registered the first demo uploader. */
  private async demoBegun(): Promise<boolean> {
    const [first] = await this.eventStore.readAll(null, 1);
    return first?.streamId === profileStreamId(DEMO_UPLOADERS[0]!.userId);
  }

  private async eventTypes(streamId: string): Promise<string[]> {
    return (await this.eventStore.readStream(streamId)).map((e) => e.type);
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

  /**
   * Publishes the templates once their main files are processed; false (publishing nothing) when the
   * server stops first: the next start publishes them.
   */
  private async publishWhenProcessed(
    mainFilesAdded: bigint | null,
    templates: DemoTemplate[],
  ): Promise<boolean> {
    if (!(await this.fileProcessing.waitFor(mainFilesAdded))) return false;
    const now = this.clock.now();
    let published = 0;
    for (const template of templates) {
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
    if (templates.length > 0) this.logger.log(`Published ${published} demo templates`);
    return true;
  }

  /**
   * The demo sign-in accounts: a profile for those who are not uploaders, the user terms accepted by
   * everyone, and the admin account granted the admin role by the system; what the log shows done is
   * skipped.
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
      const done = await this.eventTypes(profileStreamId(userId));
      if (!uploaderIds.has(userId) && done.length === 0) {
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
      } else if (!done.includes('UserTermsAccepted')) {
        await run(new AcceptUserTermsCommand({ type: 'AcceptUserTerms', data: { userId }, context }));
      }
      if (account.role === 'admin' && !done.includes('AdminRoleGranted')) {
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
