import { useTranslation } from '../i18n';
import { useModal, useUiActions } from '../stores/ui-store';
import { Modal } from './Modal';

/** The shell's one confirm / information modal, driven by the ui store. */
export function GlobalModal() {
  const { t } = useTranslation();
  const modal = useModal();
  const { modalConfirmed, modalDismissed } = useUiActions();
  if (!modal) return null;
  const confirm = modal.mode === 'confirm';
  return (
    <Modal
      title={modal.title}
      onClose={modalDismissed}
      actions={
        <>
          {confirm && (
            <button
              type="button"
              className="button button--secondary"
              onClick={modalDismissed}
              data-testid="modal-cancel"
            >
              {modal.cancelLabel ?? t('COMMON.NO')}
            </button>
          )}
          <button
            type="button"
            className="button button--primary"
            onClick={confirm ? modalConfirmed : modalDismissed}
            data-testid="modal-confirm"
            data-autofocus
          >
            {modal.confirmLabel ?? (confirm ? t('COMMON.YES') : t('COMMON.OK'))}
          </button>
        </>
      }
    >
      <p>{modal.text}</p>
    </Modal>
  );
}
