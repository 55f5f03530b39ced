import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { EmbeddedTestGateway } from './embedded-test-gateway';

/** Where the embedded test gateway lives in the app. */
export const EMBEDDED_GATEWAY_PATH = '/test-gateway';

/** Mounts the embedded test gateway's routes on the app's Fastify instance (embedded payments only). */
@Injectable()
export class EmbeddedGatewayMount implements OnApplicationBootstrap {
  private readonly logger = new Logger('EmbeddedTestGateway');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly gateway: EmbeddedTestGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * After Nest has set its error handler (an awaited register would load the plugin queue, and with it
   * Nest's routes, before that), and before the app's `ready()`, which loads the plugin.
   */
  onApplicationBootstrap(): void {
    const instance = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void instance.register(this.gateway.routes, { prefix: EMBEDDED_GATEWAY_PATH });
    this.logger.log(`Test payments (no real money) at ${EMBEDDED_GATEWAY_PATH}`);
    if (this.config.profile === 'production') {
      this.logger.warn('PAYMENTS=embedded on the production profile: nobody pays real money here.');
    }
  }
}
