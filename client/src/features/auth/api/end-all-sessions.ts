import { http } from '../../../api/http';

/**
 * DELETE /api/user/sessions: "sign out everywhere" — every sign-in of the person ends, on every device
 * (api.md). Sent with the session's id token, before the session is cleared; a 401 (already ended)
 * needs no logout redirect, the caller is logging out anyway.
 */
export function endAllSessions(bearer: string): Promise<void> {
  return http<void>('/user/sessions', { method: 'DELETE', bearer, handleUnauthorized: false });
}
