import { useTranslation } from '../i18n';
import { useMessages, useUiActions } from '../stores/ui-store';

/** Flash messages: visible until clicked (SPEC §4). */
export function MessageArea() {
  const { t } = useTranslation();
  const messages = useMessages();
  const { messageClicked } = useUiActions();
  if (!messages.length) return null;
  return (
    <section className="message-area" aria-label={t('MESSAGES.LABEL')}>
      {messages.map((message) => (
        <div key={message.id} className={`message message--${message.tone}`} role="status">
          <span>{message.text}</span>
          <button
            type="button"
            className="message__close"
            onClick={() => messageClicked(message.id)}
            aria-label={t('MESSAGES.DISMISS')}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
