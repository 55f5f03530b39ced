import { Injectable, type PipeTransform } from '@nestjs/common';
import { ApiError } from '../errors/api-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id must be a UUID; anything else is 400 VALIDATION.INVALID_ID before any work is done. */
@Injectable()
export class UuidParamPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (typeof value !== 'string' || !UUID.test(value)) throw new ApiError(400, 'VALIDATION.INVALID_ID');
    return value.toLowerCase();
  }
}
