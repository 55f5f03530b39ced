import { useMutation } from '@tanstack/react-query';
import { http } from '../../../api/http';

/** PUT /api/admin/users/:userId/password-reset: the next sign-in goes to the reset step (SPEC §4). */
export function requirePasswordReset(userId: string): Promise<void> {
  return http<void>(`/admin/users/${encodeURIComponent(userId)}/password-reset`, { method: 'PUT' });
}

export function useRequirePasswordReset() {
  return useMutation({ mutationFn: requirePasswordReset });
}
