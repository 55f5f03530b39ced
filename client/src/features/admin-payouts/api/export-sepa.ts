import { useMutation } from '@tanstack/react-query';
import { httpDownload, type Download } from '../../../api/http';

export type SepaFormat = 'pain.001.001.09' | 'pain.001.001.03';

export interface SepaRequest {
  payoutIds: string[];
  format: SepaFormat;
  executionDate: string;
}

export function exportSepa(request: SepaRequest): Promise<Download> {
  return httpDownload('/admin/payouts/sepa', { method: 'POST', body: request, timeoutMs: 30_000 });
}

/** The SEPA credit-transfer file of the chosen payouts (nothing changes on the server). */
export function useExportSepa() {
  return useMutation({ mutationFn: exportSepa });
}
