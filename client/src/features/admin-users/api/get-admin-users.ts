import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { AdminUserPage } from '../../../api/types';

export const ADMIN_USERS_PAGE_SIZE = 20;

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string) => [...adminUserKeys.all, 'list', { q }] as const,
};

export function getAdminUsers(
  params: { q: string; offset: number; limit?: number },
  signal?: AbortSignal,
): Promise<AdminUserPage> {
  return http<AdminUserPage>('/admin/users', {
    query: { q: params.q.trim(), offset: params.offset, limit: params.limit ?? ADMIN_USERS_PAGE_SIZE },
    signal,
  });
}

export function adminUsersQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: adminUserKeys.list(q),
    queryFn: ({ pageParam, signal }) => getAdminUsers({ q, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });
}

/** The users list of the admin area (admins only; the server answers 403 ERROR.ADMIN_ONLY to others). */
export function useAdminUsers(q: string, enabled: boolean) {
  return useInfiniteQuery({ ...adminUsersQueryOptions(q), enabled });
}
