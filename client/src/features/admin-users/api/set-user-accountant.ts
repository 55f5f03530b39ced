import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { AdminUser } from '../../../api/types';
import { adminUserKeys } from './get-admin-users';

export function setUserAccountant(userId: string, isAccountant: boolean): Promise<AdminUser> {
  return http<AdminUser>(`/admin/users/${encodeURIComponent(userId)}/accountant`, {
    method: 'PUT',
    body: { isAccountant },
  });
}

/** Grants or revokes the accountant role; the list is read again afterwards. */
export function useSetUserAccountant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isAccountant }: { userId: string; isAccountant: boolean }) =>
      setUserAccountant(userId, isAccountant),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
