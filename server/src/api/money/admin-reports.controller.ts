import { Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner, type ProjectionStatus } from '../../projections/projection-runner';
import { GetDashboardQuery } from '../../queries/money/get-dashboard.query';
import type { Dashboard } from '../../queries/money/money.views';
import { AdminOnly } from '../auth/auth.decorators';
import { PeriodDto } from './money.dto';
import { periodOf } from './period';
import { ProjectionRebuilds, type RebuildJob } from './projection-rebuilds';

export interface ProjectionReport extends ProjectionStatus {
  readonly rebuild: RebuildJob | null;
}

/** The admin dashboard and the Reports page: every read model's position, and rebuilds with progress. */
@AdminOnly()
@Controller('admin')
export class AdminReportsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly runner: ProjectionRunner,
    private readonly rebuilds: ProjectionRebuilds,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('dashboard')
  dashboard(@Query() query: PeriodDto): Promise<Dashboard> {
    return this.queryBus.execute(new GetDashboardQuery(periodOf(query, this.clock.now())));
  }

  @Get('projections')
  async projections(): Promise<ProjectionReport[]> {
    const statuses = await this.runner.status();
    return statuses.map((s) => ({ ...s, rebuild: this.rebuilds.job(s.name) }));
  }

  /** Starts rebuilding one read model from the whole log; answers 202 at once, progress via GET. */
  @Post('projections/:name/rebuild')
  @HttpCode(202)
  rebuild(@Param('name') name: string): RebuildJob {
    return this.rebuilds.start(name, this.clock.now());
  }
}
