import { useMutation } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { ProductUser, ProfileFields } from '../../../api/types';
import { useSessionActions } from '../../../stores/session-store';

export type UpdateUserBody = ProfileFields & { acceptTerms?: true };

/** POST /api/user/update: the whole profile (plus acceptTerms once); answers the updated user. */
export function updateUser(body: UpdateUserBody): Promise<ProductUser> {
  return http<ProductUser>('/user/update', { method: 'POST', body });
}

/** Saves My data; the session keeps the user the server answered (SPEC §3 Session). */
export function useUpdateUser() {
  const { userLoaded } = useSessionActions();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => userLoaded(user),
  });
}
