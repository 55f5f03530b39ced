import { useTranslation } from '../../../i18n';
import { Card } from '../../../components/Card';
import { useUiActions } from '../../../stores/ui-store';
import { type MailSettings, useChangeMailSettings, useMailSettings } from '../api/mail-settings';
import './mail-settings.css';

const KINDS = [
  ['sales', 'PROFILE.MAIL_SALES'],
  ['payouts', 'PROFILE.MAIL_PAYOUTS'],
  ['files', 'PROFILE.MAIL_FILES'],
] as const;

/**
 * "E-mails to me": which of the shop's mails an uploader gets (a sale, a payout paid or rejected, a file
 * that failed), each saved as it is ticked; the mails link here (#mail-settings).
 */
export function MailSettingsCard() {
  const { t } = useTranslation();
  const { errorOccurred } = useUiActions();
  const settings = useMailSettings(true);
  const change = useChangeMailSettings();
  const shown = settings.data;
  const toggle = (kind: keyof MailSettings, on: boolean) => {
    if (!shown) return;
    change.mutate({ ...shown, [kind]: on }, { onError: errorOccurred });
  };
  return (
    // The heading holds the id the mails link to (#mail-settings), so the link lands on the card's name.
    <Card className="mail-settings" title={t('PROFILE.MAILS')} titleId="mail-settings" testId="mail-settings">
      <p className="hint" id="mail-settings-note">
        {t('PROFILE.MAILS_NOTE')}
      </p>
      <ul className="mail-settings__list" aria-describedby="mail-settings-note">
        {KINDS.map(([kind, label]) => (
          <li key={kind}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={shown?.[kind] ?? true}
                aria-disabled={!shown || change.isPending || undefined}
                onChange={(event) => toggle(kind, event.target.checked)}
                data-testid={`mail-setting-${kind}`}
              />
              <span>{t(label)}</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="hint" role="status" data-testid="mail-settings-status">
        {change.isSuccess ? t('PROFILE.MAILS_SAVED') : ''}
      </p>
    </Card>
  );
}
