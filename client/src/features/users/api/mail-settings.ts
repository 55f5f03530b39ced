import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';

/** Which mails the shop sends the user (api.md "Mail settings"); every one is on by default. */
export interface MailSettings {
  sales: boolean;
  payouts: boolean;
  files: boolean;
}

const mailSettingsQuery = () =>
  queryOptions({
    queryKey: ['user', 'mail-settings'],
    queryFn: ({ signal }) => http<MailSettings>('/user/mail-settings', { signal }),
  });

export function useMailSettings(enabled: boolean) {
  return useQuery({ ...mailSettingsQuery(), enabled });
}

/** Saves every choice; the screen shows the answer (the choices as they now stand). */
export function useChangeMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: MailSettings) =>
      http<MailSettings>('/user/mail-settings', { method: 'PUT', body: settings }),
    onSuccess: (settings) => queryClient.setQueryData(mailSettingsQuery().queryKey, settings),
  });
}
