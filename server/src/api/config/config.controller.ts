import { Controller, Get, Header, Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Public } from '../auth/auth.decorators';
import type { ClientConfig } from './client-config';

/** The client's start-up configuration (SPEC §7 GET /config). */
@Public()
@Controller('config')
export class ConfigController {
  private readonly clientConfig: ClientConfig;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { identity, publicUrl } = config;
    this.clientConfig = {
      issuer: identity.issuer,
      clientId: identity.clientId,
      redirectSignIn: `${publicUrl}/callback`,
      redirectSignOut: `${publicUrl}/`,
      // The embedded provider also gives the sign-up attributes (names, phone, address) as claims; an
      // external provider's client may not allow more than these three.
      scopes: identity.embedded
        ? ['openid', 'email', 'offline_access', 'profile', 'phone', 'address']
        : ['openid', 'email', 'offline_access'],
      signUpEnabled: identity.signUpEnabled,
      // The social sign-in buttons the embedded provider's pages show (docs/decisions/social-sign-in.md);
      // an external provider shows its own.
      providers: identity.embedded
        ? [
            ...identity.signIn.socialProviders.map((provider) => provider.id),
            ...(identity.signIn.testProvider ? ['test'] : []),
          ]
        : [],
      tagManagerEnabled: config.site.tagManagerId !== null,
      tagManagerId: config.site.tagManagerId,
      socialMediaEnabled: config.site.socialMediaEnabled,
      // Served to browsers on the server's own machine only (docs/decisions/dev-mailbox.md).
      devMailboxUrl: identity.embedded && config.devMailbox === 'loopback' ? '/dev/mailbox' : null,
    };
  }

  @Get()
  @Header('Cache-Control', 'no-cache')
  config(): ClientConfig {
    return this.clientConfig;
  }
}
