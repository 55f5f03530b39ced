import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpDownload, type Download } from '../../../api/http';
import { adminPayoutKeys } from './get-admin-payouts';

export type SepaFormat = 'pain.001.001.09' | 'pain.001.001.03';

export interface SepaRequest {
  payoutIds: string[];
  format: SepaFormat;
  executionDate: string;
}

export function exportSepa(request: SepaRequest): Promise<Download> {
  return httpDownload('/admin/payouts/sepa', { method: 'POST', body: request, timeoutMs: 30_000 });
}

/** The SEPA file of the chosen payouts, recorded as a payout file (batch): the lists are read again. */
export function useExportSepa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportSepa,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPayoutKeys.all }),
  });
}
