import { useRef, useState, type DragEvent } from 'react';
import { focusResult } from '../../../utils/focus-result';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../api/http';
import { describeError } from '../../../api/error-messages';
import { useUiActions } from '../../../stores/ui-store';
import { useChooseMainFile, useFileUploaded, useRemoveFile } from '../api/document-mutations';
import type { MyDocument, MyDocumentFile } from '../api/types';
import { uploadFile } from '../api/upload-file';
import { ACCEPT_ATTRIBUTE, fileProblem } from '../upload-rules';
import { Card } from '../../../components/Card';
import { DataTable } from '../../../components/DataTable';

/** One file on its way up: its progress, then gone (it is in the files list) or an error. */
interface QueuedUpload {
  key: number;
  name: string;
  loaded: number;
  total: number;
  error: string | null;
}

let nextKey = 1;

/** Removing this file would leave no processed main file, so a public document would be unpublished. */
export function removalUnpublishes(document: MyDocument, file: MyDocumentFile): boolean {
  if (document.status !== 'published' || !file.isMain) return false;
  return !document.files.some((other) => other.id !== file.id && other.state === 'done');
}

function Uploads({ uploads, onDismiss }: { uploads: QueuedUpload[]; onDismiss: (key: number) => void }) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <ul className="upload-queue" aria-label={t('UPLOAD.UPLOADS')} data-testid="upload-queue">
      {uploads.map((upload) => {
        const percent = upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
        const labelId = `upload-${upload.key}-name`;
        return (
          <li key={upload.key} className="upload-queue__item" data-testid="upload-queue-item">
            <span className="upload-queue__name" id={labelId}>
              {upload.name}
            </span>
            {upload.error === null ? (
              <>
                <progress
                  className="upload-queue__progress"
                  max={100}
                  value={percent}
                  aria-labelledby={labelId}
                  data-testid="upload-progress"
                />
                <span className="upload-queue__percent">{t('UPLOAD.PERCENT', { percent })}</span>
              </>
            ) : (
              <>
                <span className="field__error upload-queue__error" role="alert" data-testid="upload-error">
                  {upload.error}
                </span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => onDismiss(upload.key)}
                  aria-label={t('UPLOAD.DISMISS_LABEL', { name: upload.name })}
                >
                  {t('COMMON.DISMISS')}
                </button>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function FileState({ file }: { file: MyDocumentFile }) {
  const { t } = useTranslation();
  if (file.state === 'processing')
    return (
      <span className="badge badge--processing" data-testid="file-state" data-state="processing">
        {t('UPLOAD.STATE_PROCESSING')}
      </span>
    );
  if (file.state === 'done')
    return (
      <span className="badge badge--done" data-testid="file-state" data-state="done">
        {t('UPLOAD.STATE_DONE')}
      </span>
    );
  return (
    <span className="file-error" data-testid="file-state" data-state="error">
      <span className="badge badge--error">{t('UPLOAD.STATE_ERROR')}</span>
      <span className="file-error__text">{t('FILE.PROCESSING_FAILED')}</span>
    </span>
  );
}

/** SPEC §2: the drop zone with per-file progress and the uploaded files with set-as-main and delete. */
export function DocumentFiles({ document }: { document: MyDocument }) {
  const { t } = useTranslation();
  const { confirmRequested, toastShown, errorOccurred } = useUiActions();
  const uploaded = useFileUploaded();
  const chooseMain = useChooseMainFile();
  const remove = useRemoveFile();
  const [uploads, setUploads] = useState<QueuedUpload[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const update = (key: number, change: Partial<QueuedUpload>) =>
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const send = (files: readonly File[]) => {
    for (const file of files) {
      const key = nextKey++;
      const problem = fileProblem(file);
      setUploads((current) => [
        ...current,
        { key, name: file.name, loaded: 0, total: file.size, error: problem ? t(problem) : null },
      ]);
      if (problem) continue;
      uploadFile({
        documentId: document.id,
        file,
        onProgress: ({ loaded, total }) => update(key, { loaded, total }),
      }).then(
        (answer) => {
          uploaded(answer);
          setUploads((current) => current.filter((u) => u.key !== key));
        },
        (error: unknown) => {
          const text =
            error instanceof ApiError && error.code && error.code.startsWith('FILE.')
              ? t(error.code)
              : describeError(error).texts.join(' ');
          update(key, { error: text });
        },
      );
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    send([...event.dataTransfer.files]);
  };

  const askRemove = (file: MyDocumentFile) => {
    const unpublishes = removalUnpublishes(document, file);
    confirmRequested({
      title: t('UPLOAD.REMOVE_FILE_TITLE'),
      text: unpublishes
        ? t('UPLOAD.REMOVE_LAST_FILE_TEXT', { name: file.title })
        : t('UPLOAD.REMOVE_FILE_TEXT', { name: file.title }),
      confirmLabel: t('UPLOAD.DELETE_FILE'),
      onConfirm: () =>
        remove.mutate(
          { id: document.id, fileId: file.id },
          {
            onSuccess: (answer) => {
              toastShown({ tone: 'success', text: t('UPLOAD.FILE_REMOVED', { name: file.title }) });
              // The files' section, as it is after the removal.
              focusResult('#document-files-title');
              if (document.status === 'published' && answer.status === 'draft')
                toastShown({ tone: 'warning', text: t('UPLOAD.UNPUBLISHED_NO_FILE') });
            },
            onError: errorOccurred,
          },
        ),
    });
  };

  return (
    <Card title={t('UPLOAD.FILES')} titleId="document-files-title" className="document-files">
      <div
        className={`drop-zone${dragging ? ' drop-zone--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <p className="drop-zone__text">{t('UPLOAD.DROP_HERE')}</p>
        <label htmlFor="document-file-input" className="button button--secondary drop-zone__choose">
          {t('UPLOAD.CHOOSE_FILES')}
        </label>
        <input
          ref={input}
          id="document-file-input"
          className="visually-hidden"
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          aria-describedby="document-file-rules"
          data-testid="file-input"
          onChange={(event) => {
            send([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <p className="hint" id="document-file-rules">
          {t('UPLOAD.FILE_RULES')}
        </p>
      </div>
      <Uploads uploads={uploads} onDismiss={(key) => setUploads((c) => c.filter((u) => u.key !== key))} />

      {document.files.length === 0 ? (
        <p className="hint" data-testid="no-files">
          {t('UPLOAD.NO_FILES')}
        </p>
      ) : (
        <DataTable
          caption={t('UPLOAD.FILES')}
          testId="files-table"
          className="document-files__table"
          card={false}
          rows={document.files}
          rowKey={(file) => file.id}
          rowAttributes={(file) => ({
            className: file.isMain ? 'document-files__row--main' : undefined,
            'data-testid': 'file-row',
            'data-main': file.isMain,
            'data-file-id': file.id,
          })}
          columns={[
            {
              key: 'title',
              header: t('UPLOAD.FILE_NAME'),
              cell: (file) => (
                <>
                  {file.title}
                  {file.isMain && <span className="badge badge--main">{t('UPLOAD.MAIN_FILE')}</span>}
                </>
              ),
            },
            {
              key: 'format',
              header: t('UPLOAD.FORMAT'),
              className: 'table__format',
              cell: (file) => file.format.toUpperCase(),
            },
            {
              key: 'pages',
              header: t('UPLOAD.PAGES'),
              num: true,
              cell: (f) => f.pages ?? t('COMMON.NOT_SET'),
            },
            {
              key: 'size',
              header: t('UPLOAD.SIZE'),
              num: true,
              cell: (file) => t('UPLOAD.SIZE_KB', { size: file.sizeKb }),
            },
            { key: 'state', header: t('UPLOAD.STATE'), cell: (file) => <FileState file={file} /> },
          ]}
          actions={{
            label: t('UPLOAD.ACTIONS'),
            cell: (file) => (
              <>
                {/* Only what can be done: a file that failed processing cannot be the main one. */}
                {!file.isMain && file.state !== 'error' && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={chooseMain.isPending}
                    onClick={() =>
                      chooseMain.mutate(
                        { id: document.id, fileId: file.id },
                        {
                          // The button goes with the change: focus stays in the file's row, now the main one.
                          onSuccess: () =>
                            focusResult(`[data-file-id="${file.id}"] [data-testid="file-delete"]`),
                          onError: errorOccurred,
                        },
                      )
                    }
                    aria-label={t('UPLOAD.SET_AS_MAIN_LABEL', { name: file.title })}
                    data-testid="file-set-main"
                  >
                    {t('UPLOAD.SET_AS_MAIN')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button--danger-ghost button--small"
                  onClick={() => askRemove(file)}
                  aria-label={t('UPLOAD.DELETE_FILE_LABEL', { name: file.title })}
                  data-testid="file-delete"
                >
                  {t('UPLOAD.DELETE_FILE')}
                </button>
              </>
            ),
          }}
        />
      )}
    </Card>
  );
}
