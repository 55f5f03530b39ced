import { ValidationPipe, type ValidationError, applyDecorators } from '@nestjs/common';
import { IsBoolean, IsOptional, IsString, MaxLength, type ValidationOptions } from 'class-validator';
import type { MessageRef } from '../../domain/shared/domain-error';
import { ApiError } from '../errors/api-error';

/** A class-validator message carrying a translatable key (decoded by the pipe below). */
export function msg(key: string, params?: Record<string, string | number>): ValidationOptions {
  return { message: JSON.stringify(params ? { key, params } : { key }) };
}

/** A text field of at most `max` characters, each failure with its translated message. */
export function IsText(max: number): PropertyDecorator {
  return applyDecorators(
    IsString(msg('VALIDATION.INVALID_VALUE')),
    MaxLength(max, msg('VALIDATION.MAX_LENGTH', { 0: max })),
  );
}

/** As {@link IsText}, and may be left out or null. */
export function IsOptionalText(max: number): PropertyDecorator {
  return applyDecorators(IsOptional(), IsText(max));
}

/** A yes/no field. */
export function IsFlag(): PropertyDecorator {
  return IsBoolean(msg('VALIDATION.INVALID_VALUE'));
}

/** A yes/no field that may be left out. */
export function IsOptionalFlag(): PropertyDecorator {
  return applyDecorators(IsOptional(), IsFlag());
}

function decode(message: string): MessageRef {
  try {
    const parsed = JSON.parse(message) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as MessageRef).key === 'string')
      return parsed as MessageRef;
  } catch {
    // A constraint without msg(): fall through to the generic message.
  }
  return { key: 'VALIDATION.INVALID_VALUE' };
}

function collect(errors: readonly ValidationError[], prefix = ''): Record<string, MessageRef[]> {
  const out: Record<string, MessageRef[]> = {};
  for (const error of errors) {
    const field = prefix + error.property;
    const constraints = Object.values(error.constraints ?? {});
    if (constraints.length > 0) {
      // One message per field is enough for a person: the first failed rule.
      out[field] = [decode(constraints[0]!)];
    }
    Object.assign(out, collect(error.children ?? [], `${field}.`));
  }
  return out;
}

/** Validates and converts DTOs; any failure is one 400 VALIDATION.FORM_HAS_ERRORS with a message per field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new ApiError(400, 'VALIDATION.FORM_HAS_ERRORS', collect(errors)),
  });
}
