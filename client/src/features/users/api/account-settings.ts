import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from '../../../api/http';

/** docs/api.md AccountSettings: what the identity provider keeps for the signed-in person. */
export interface AccountSettings {
  email: string;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  pendingPhoneNumber: string | null;
  smsMfaEnabled: boolean;
  linkedProviders: string[];
  devices: { id: string; name: string; createdAt: string; lastUsedAt: string; expiresAt: string }[];
  callingCodes: { country: string; code: string }[];
}

export const accountSettingsKeys = {
  all: ['account-settings'] as const,
};

/**
 * GET /api/user/account; null when the identity provider keeps these itself (an external provider:
 * 409 IDENTITY.MANAGED_BY_PROVIDER), so My data shows no such section.
 */
export async function getAccountSettings(signal?: AbortSignal): Promise<AccountSettings | null> {
  try {
    return await http<AccountSettings>('/user/account', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.is('IDENTITY.MANAGED_BY_PROVIDER')) return null;
    throw error;
  }
}

export function accountSettingsQueryOptions() {
  return queryOptions({
    queryKey: accountSettingsKeys.all,
    queryFn: ({ signal }) => getAccountSettings(signal),
  });
}

export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions());
}

function useSettingsMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSettingsKeys.all }),
  });
}

/** POST /api/user/account/phone: a code by SMS to the new number. */
export function useRequestPhoneChange() {
  return useSettingsMutation((body: { countryCode: string; phoneNumber: string }) =>
    http<{ destination: string }>('/user/account/phone', { method: 'POST', body }),
  );
}

/** POST /api/user/account/phone/verify: the code makes the new number the verified one. */
export function useConfirmPhoneChange() {
  return useSettingsMutation((code: string) =>
    http<AccountSettings>('/user/account/phone/verify', { method: 'POST', body: { code } }),
  );
}

export function useRemovePhone() {
  return useSettingsMutation(() => http<AccountSettings>('/user/account/phone', { method: 'DELETE' }));
}

/** DELETE /api/user/account/devices/:id: that browser's next sign-in asks for the second factor. */
export function useForgetDevice() {
  return useSettingsMutation((deviceId: string) =>
    http<void>(`/user/account/devices/${encodeURIComponent(deviceId)}`, { method: 'DELETE' }),
  );
}
