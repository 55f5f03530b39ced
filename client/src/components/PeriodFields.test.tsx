import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadTextAreas } from '../i18n';
import { PeriodFields } from './PeriodFields';

function Period({ initial }: { initial: { from: string; to: string } }) {
  const [period, setPeriod] = useState(initial);
  return (
    <PeriodFields
      prefix="report"
      from={period.from}
      to={period.to}
      onChange={(field, value) => setPeriod((now) => ({ ...now, [field]: value }))}
      testIds
    />
  );
}

describe('PeriodFields', () => {
  // Its words live in the money screens' texts (app/screen-texts.ts).
  beforeEach(() => loadTextAreas(['money']));

  it('labels both dates and bounds each by the other, following a change', async () => {
    render(<Period initial={{ from: '2026-01-01', to: '2026-03-31' }} />);
    const from = screen.getByTestId('report-from');
    const to = screen.getByTestId('report-to');
    expect(from.id).toBe('report-from');
    expect(document.querySelector('label[for="report-from"]')?.textContent).not.toBe('');
    expect(document.querySelector('label[for="report-to"]')?.textContent).not.toBe('');
    expect(from.getAttribute('max')).toBe('2026-03-31');
    expect(to.getAttribute('min')).toBe('2026-01-01');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-02-15');
    expect(to.getAttribute('min')).toBe('2026-02-15');
  });

  it('leaves an open end unbounded', () => {
    render(<Period initial={{ from: '', to: '' }} />);
    expect(screen.getByTestId('report-from').hasAttribute('max')).toBe(false);
    expect(screen.getByTestId('report-to').hasAttribute('min')).toBe(false);
  });
});
