import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { PassportModule } from '@nestjs/passport';
import { JwksKeyProvider } from './jwks-key-provider';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { UserAccessGuard } from './user-access.guard';

/**
 * Sign-in for the whole API: two global guards, in this order: the ID token (401), then the user terms
 * and the admin role (403). Routes opt out with `@Public()`.
 */
@Module({
  imports: [PassportModule, CqrsModule],
  providers: [
    JwksKeyProvider,
    JwtStrategy,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: UserAccessGuard },
  ],
})
export class AuthModule {}
