import type { FigureSource, ReconciliationReport } from '../../../api/money-types';
import { dayBefore } from '../../../utils/period';

/** The journal filter that shows the events a figure is made of. */
export function journalQuery(report: ReconciliationReport, sources: readonly FigureSource[]): string | null {
  const first = sources[0];
  if (!first) return null;
  const params = new URLSearchParams();
  if (first.scope === 'period') {
    params.set('from', report.from);
    params.set('to', report.to);
  } else params.set('to', first.scope === 'before' ? dayBefore(report.from) : report.to);
  if (sources.length === 1 && first.movement) params.set('movement', `${first.group}|${first.movement}`);
  else params.set('group', first.group);
  return params.toString();
}
