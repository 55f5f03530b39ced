import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { signInStillValid } from '../../domain/sign-in/sign-in.decider';
import { GetSessionsEndedAtQuery } from '../../queries/sign-in/get-sessions-ended-at.query';
import { ApiError } from '../errors/api-error';
import type { AuthenticatedUser } from './current-user.decorator';
import { type IdTokenClaims, checkIdTokenClaims } from './id-token-claims';
import { JwksKeyProvider } from './jwks-key-provider';

/** Asymmetric algorithms only: `none` and HS* (a public key used as an HMAC secret) never verify. */
export const ACCEPTED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'] as const;

/**
 * Verifies the bearer ID token (SPEC §7): signature by the issuer's JWKS, issuer, audience = our client
 * id, expiry (30 s leeway for clock skew), then the claims of id-token-claims.ts and that the sign-in
 * was not ended since (SessionsEnded). The product user id is the token's `sub`.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly clientId: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    keys: JwksKeyProvider,
    private readonly queryBus: QueryBus,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: keys.secretOrKeyProvider,
      issuer: config.identity.issuer,
      audience: config.identity.clientId,
      algorithms: [...ACCEPTED_ALGORITHMS],
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: 30 },
    });
    this.clientId = config.identity.clientId;
  }

  async validate(claims: IdTokenClaims): Promise<AuthenticatedUser> {
    const checked = checkIdTokenClaims(claims, this.clientId);
    if (checked === null) throw new ApiError(401, 'AUTH.UNAUTHORIZED');
    // A password reset or "sign out everywhere" ended every sign-in before it (docs/decisions/).
    const endedAt = await this.queryBus.execute(new GetSessionsEndedAtQuery(checked.user.userId));
    if (!signInStillValid(checked.signedInAt, endedAt)) throw new ApiError(401, 'AUTH.UNAUTHORIZED');
    return checked.user;
  }
}
