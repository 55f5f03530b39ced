import { Controller, Get, Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ProjectionRunner } from '../../projections/projection-runner';
import { Public } from '../auth/auth.decorators';

@Public()
@Controller('health')
export class HealthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projections: ProjectionRunner,
  ) {}

  /** Liveness plus how far each read model has come. */
  @Get()
  async health() {
    return { status: 'ok', profile: this.config.profile, projections: await this.projections.status() };
  }
}
