import { http } from '../../../api/http';
import type { ProductUser } from '../../../api/types';

/** GET /api/user/read with the session's id token (or the given one, during the login callback). */
export function getCurrentUser(options: { bearer?: string; handleUnauthorized?: boolean } = {}) {
  return http<ProductUser>('/user/read', options);
}
