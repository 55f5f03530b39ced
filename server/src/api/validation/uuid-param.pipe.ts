import { Injectable, type PipeTransform } from '@nestjs/common';
import { isUuid } from '../../domain/shared/ids';
import { ApiError } from '../errors/api-error';

/** A path id must be a UUID; anything else is 400 VALIDATION.INVALID_ID before any work is done. */
@Injectable()
export class UuidParamPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (!isUuid(value)) throw new ApiError(400, 'VALIDATION.INVALID_ID');
    return value.toLowerCase();
  }
}
