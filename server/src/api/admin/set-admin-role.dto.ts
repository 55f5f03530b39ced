import { IsDefined } from 'class-validator';
import { IsFlag, msg } from '../validation/validation';

/** PUT /api/admin/users/:userId/admin body. */
export class SetAdminRoleDto {
  @IsFlag()
  @IsDefined(msg('VALIDATION.REQUIRED'))
  isAdmin!: boolean;
}
