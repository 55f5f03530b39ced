import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import {
  IDENTITY_ACCOUNTS,
  type IdentityAccountView,
  type IdentityAccounts,
} from '../../infrastructure/identity/identity-accounts.port';
import { AllowWithoutTerms } from '../auth/auth.decorators';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ApiError } from '../errors/api-error';
import { preferredLanguage } from '../i18n/language';
import { ConfirmPhoneChangeDto, RequestPhoneChangeDto } from './account-settings.dto';

const PHONE_ERRORS = {
  PHONE_INVALID: [400, 'PHONE.INVALID'],
  PHONE_NOT_MOBILE: [400, 'PHONE.NOT_MOBILE'],
  PHONE_COUNTRY_NOT_ALLOWED: [400, 'PHONE.COUNTRY_NOT_ALLOWED'],
  TOO_MANY: [429, 'PHONE.TOO_MANY_MESSAGES'],
  NOT_SENT: [502, 'PHONE.NOT_SENT'],
} as const;

const CODE_ERRORS = {
  invalid: 'PHONE.CODE_INVALID',
  expired: 'PHONE.CODE_EXPIRED',
  'attempts-exceeded': 'PHONE.CODE_ATTEMPTS_EXCEEDED',
  'nothing-pending': 'PHONE.NOTHING_PENDING',
} as const;

/**
 * My data's sign-in settings kept at the identity provider (docs/api.md): the phone number, verified
 * by a text-message code, and the remembered devices. With an external provider: 409
 * IDENTITY.MANAGED_BY_PROVIDER (its own account pages hold them).
 */
@AllowWithoutTerms()
@Controller('user/account')
export class AccountSettingsController {
  constructor(
    @Inject(IDENTITY_ACCOUNTS) private readonly accounts: IdentityAccounts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private available(): void {
    if (!this.accounts.available) throw new ApiError(409, 'IDENTITY.MANAGED_BY_PROVIDER');
  }

  @Get()
  async read(@CurrentUser() user: AuthenticatedUser): Promise<IdentityAccountView> {
    this.available();
    const account = await this.accounts.account(user.userId, this.clock.now());
    if (!account) throw new ApiError(404, 'USER.NOT_FOUND');
    return account;
  }

  /** Sends a code to the new number; the current one stays until the code confirms the new one. */
  @Post('phone')
  @HttpCode(202)
  async requestPhoneChange(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: RequestPhoneChangeDto,
    @Req() request: FastifyRequest,
  ): Promise<{ destination: string }> {
    this.available();
    const result = await this.accounts.requestPhoneChange(user.userId, body, {
      language: preferredLanguage(request.headers['accept-language']),
      clientAddress: request.ip,
      now: this.clock.now(),
    });
    if (result.sent) return { destination: result.destination };
    const [status, code] = PHONE_ERRORS[result.problem];
    throw new ApiError(status, code, status === 400 ? { phoneNumber: [{ key: code }] } : undefined);
  }

  @Post('phone/verify')
  @HttpCode(200)
  async confirmPhoneChange(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ConfirmPhoneChangeDto,
  ): Promise<IdentityAccountView> {
    this.available();
    const result = await this.accounts.confirmPhoneChange(user.userId, body.code, this.clock.now());
    if (result !== 'ok') {
      const code = CODE_ERRORS[result];
      throw new ApiError(400, code, { code: [{ key: code }] });
    }
    return this.read(user);
  }

  /** Removes the number (and text-message codes as a second factor with it). */
  @Delete('phone')
  async removePhone(@CurrentUser() user: AuthenticatedUser): Promise<IdentityAccountView> {
    this.available();
    await this.accounts.removePhone(user.userId);
    return this.read(user);
  }

  /** Forgets a remembered device: its next sign-in asks for the second factor again. */
  @Delete('devices/:deviceId')
  @HttpCode(204)
  async forgetDevice(
    @CurrentUser() user: AuthenticatedUser,
    @Param('deviceId') deviceId: string,
  ): Promise<void> {
    this.available();
    if (!(await this.accounts.forgetDevice(user.userId, deviceId)))
      throw new ApiError(404, 'DEVICE.NOT_FOUND');
  }
}
