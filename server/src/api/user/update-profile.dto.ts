import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { msg } from '../validation/validation';

const text = msg('VALIDATION.INVALID_VALUE');

/** Which fields the user shows to others; a flag left out is not public. */
export class ProfilePublicFlagsDto {
  @IsBoolean(text) @IsOptional() email?: boolean;
  @IsBoolean(text) @IsOptional() dateOfBirth?: boolean;
  @IsBoolean(text) @IsOptional() address?: boolean;
  @IsBoolean(text) @IsOptional() country?: boolean;
  @IsBoolean(text) @IsOptional() language?: boolean;
  @IsBoolean(text) @IsOptional() areasOfPractice?: boolean;
  @IsBoolean(text) @IsOptional() additionalInfo?: boolean;
  @IsBoolean(text) @IsOptional() organization?: boolean;
}

/**
 * POST /api/user/update: docs/api.md ProfileFields plus `acceptTerms`. Only shapes are checked here;
 * lengths, dates and codes are the domain's rules (profile-details.ts), so every client gets the same.
 */
export class UpdateProfileDto {
  @IsString(text) @IsDefined(msg('VALIDATION.REQUIRED')) firstName!: string;
  @IsString(text) @IsDefined(msg('VALIDATION.REQUIRED')) lastName!: string;
  /** YYYY-MM-DD; null or '' when not given. */
  @IsString(text) @IsOptional() dateOfBirth?: string | null;
  @IsString(text) @IsOptional() address?: string;
  @IsString(text) @IsOptional() country?: string;
  @IsString(text) @IsOptional() language?: string;
  @IsString(text) @IsOptional() areasOfPractice?: string;
  @IsString(text) @IsOptional() additionalInfo?: string;
  @IsString(text) @IsOptional() organization?: string;

  @ValidateNested()
  @Type(() => ProfilePublicFlagsDto)
  @IsObject(text)
  @IsOptional()
  public?: ProfilePublicFlagsDto;

  /** true records the acceptance of the user terms (once); false or absent changes nothing. */
  @IsBoolean(text) @IsOptional() acceptTerms?: boolean;
}
