import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { AdminUser } from '../../../api/types';
import { adminUserKeys } from './get-admin-users';

export function setUserAdmin(userId: string, isAdmin: boolean): Promise<AdminUser> {
  return http<AdminUser>(`/admin/users/${encodeURIComponent(userId)}/admin`, {
    method: 'PUT',
    body: { isAdmin },
  });
}

/** Grants or revokes admin rights; the list is read again afterwards. */
export function useSetUserAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isAdmin }: { userId: string; isAdmin: boolean }) => setUserAdmin(userId, isAdmin),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
