import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ApiError } from '../errors/api-error';
import type { AuthenticatedUser } from './current-user.decorator';
import { JwksKeyProvider } from './jwks-key-provider';

/** Asymmetric algorithms only: `none` and HS* (a public key used as an HMAC secret) never verify. */
export const ACCEPTED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'] as const;

/** The claims we read from a verified ID token. */
interface IdTokenClaims {
  readonly sub?: unknown;
  readonly email?: unknown;
  readonly email_verified?: unknown;
}

/**
 * Verifies the bearer ID token (SPEC §7): signature by the issuer's JWKS, issuer, audience = our client
 * id, expiry (30 s leeway for clock skew). The product user id is the token's `sub`.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) config: AppConfig, keys: JwksKeyProvider) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: keys.secretOrKeyProvider,
      issuer: config.identity.issuer,
      audience: config.identity.clientId,
      algorithms: [...ACCEPTED_ALGORITHMS],
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: 30 },
    });
  }

  validate(claims: IdTokenClaims): AuthenticatedUser {
    const { sub, email, email_verified: emailVerified } = claims;
    if (
      typeof sub !== 'string' ||
      sub === '' ||
      sub.length > 255 ||
      typeof email !== 'string' ||
      email === ''
    )
      throw new ApiError(401, 'AUTH.UNAUTHORIZED');
    return {
      userId: sub,
      email,
      emailVerified:
        typeof emailVerified === 'boolean' ? emailVerified : emailVerified === 'true' ? true : null,
    };
  }
}
