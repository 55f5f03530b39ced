import { IsBoolean, IsDefined } from 'class-validator';
import { msg } from '../validation/validation';

/** PUT /api/admin/users/:userId/admin body. */
export class SetAdminRoleDto {
  @IsBoolean(msg('VALIDATION.INVALID_VALUE'))
  @IsDefined(msg('VALIDATION.REQUIRED'))
  isAdmin!: boolean;
}
