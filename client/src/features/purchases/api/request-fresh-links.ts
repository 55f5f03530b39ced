import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { purchaseKeys } from './get-purchase';

export function requestFreshLinks(body: {
  email: string;
  purchaseNumber: string;
}): Promise<{ requested: true }> {
  return http<{ requested: true }>('/purchases/links-request', { method: 'POST', body, anonymous: true });
}

/** "Send me new links": the mail goes to the payer's address only; the answer never says whether it matched. */
export function useRequestFreshLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestFreshLinks,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}
