import { Injectable, Logger } from '@nestjs/common';
import { ProjectionRunner, type RebuildProgress } from '../../projections/projection-runner';
import { ApiError } from '../errors/api-error';

/** A rebuild started from the Reports page, as the page polls it. */
export interface RebuildJob extends RebuildProgress {
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly error: string | null;
}

/**
 * Rebuilds started by admins run in the background (a rebuild of a big log takes a while); the Reports
 * page polls their progress. One rebuild per projection at a time; the last one of each is remembered.
 */
@Injectable()
export class ProjectionRebuilds {
  private readonly logger = new Logger(ProjectionRebuilds.name);
  private readonly jobs = new Map<string, RebuildJob>();

  constructor(private readonly runner: ProjectionRunner) {}

  job(name: string): RebuildJob | null {
    return this.jobs.get(name) ?? null;
  }

  start(name: string, now: Date): RebuildJob {
    if (!this.runner.names.includes(name)) throw new ApiError(404, 'PROJECTION.NOT_FOUND');
    const running = this.jobs.get(name);
    if (running && !running.done) throw new ApiError(409, 'PROJECTION.REBUILD_RUNNING');
    const startedAt = now.toISOString();
    const job: RebuildJob = {
      projection: name,
      events: 0,
      eventsPerSecond: 0,
      done: false,
      startedAt,
      finishedAt: null,
      error: null,
    };
    this.jobs.set(name, job);
    this.runner
      .rebuild(name, (progress) => {
        this.jobs.set(name, { ...job, ...progress, done: false });
      })
      .then(
        (finished) => this.jobs.set(name, { ...job, ...finished, finishedAt: new Date().toISOString() }),
        (error: unknown) => {
          this.logger.error(`Rebuild of ${name} failed`, error as Error);
          const last = this.jobs.get(name) ?? job;
          this.jobs.set(name, {
            ...last,
            done: true,
            finishedAt: new Date().toISOString(),
            error: error instanceof Error ? error.message : String(error),
          });
        },
      );
    return job;
  }
}
