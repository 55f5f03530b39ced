import { ledgerDay } from '../../domain/ledger/ledger-day';
import type { Period } from '../../queries/money/money.views';
import { ApiError } from '../errors/api-error';
import type { PeriodDto } from './money.dto';

const isRealDay = (day: string): boolean => {
  const date = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
};

/** The period a request asks for: by default the year so far (Estonian days), both ends included. */
export function periodOf(dto: PeriodDto, now: Date): Period {
  const today = ledgerDay(now.toISOString());
  const to = dto.to ?? today;
  const from = dto.from ?? `${to.slice(0, 4)}-01-01`;
  for (const [field, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isRealDay(day))
      throw new ApiError(400, 'VALIDATION.FORM_HAS_ERRORS', {
        [field]: [{ key: 'VALIDATION.INVALID_DATE' }],
      });
  }
  if (from > to)
    throw new ApiError(400, 'VALIDATION.FORM_HAS_ERRORS', { from: [{ key: 'VALIDATION.INVALID_PERIOD' }] });
  return { from, to };
}
