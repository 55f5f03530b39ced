import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { useNavigate } from 'react-router';
import { Link } from '@/components/Link';
import { ApiError, fieldMessages } from '../../../api/http';
import type { PayoutRequestInfo } from '../../../api/money-types';
import { FormattedDate } from '../../../components/FormattedDate';
import { Money } from '../../../components/Money';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLanguage, useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { formatAmount, formatMoney } from '../../../utils/format';
import { usePayoutRequestInfo } from '../api/get-payouts';
import { type PayoutRequestCheck, useCheckPayoutRequest, useRequestPayout } from '../api/request-payout';
import { formatEuros, parseEuros } from '../../../utils/euros-input';
import './sales.css';
import { DataTable } from '../../../components/DataTable';
import { LoadError } from '../../../components/LoadError';

type Field = 'iban' | 'accountHolder' | 'accountHolderDeclared' | 'amount';
const FIELDS: readonly Field[] = ['iban', 'accountHolder', 'accountHolderDeclared', 'amount'];
/** The server's amount errors (422), said at the amount field. */
const AMOUNT_CODES = ['PAYOUT.AMOUNT_ABOVE_AVAILABLE', 'PAYOUT.AMOUNT_NOT_ABOVE_TRANSFER_FEE'];

function PayoutForm({ info, uploaderId }: { info: PayoutRequestInfo; uploaderId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const path = useLocalizedPath();
  const navigate = useNavigate();
  const { confirmRequested, toastShown, errorOccurred } = useUiActions();
  const request = useRequestPayout(uploaderId);
  const check = useCheckPayoutRequest(uploaderId);
  const [iban, setIban] = useState(info.lastIban ?? '');
  const [accountHolder, setAccountHolder] = useState(info.lastAccountHolder ?? info.payeeName);
  // In the language's own way: 123,45 in Estonian (both the comma and the point are read).
  const [amountText, setAmountText] = useState(formatEuros(info.balance.available, language));
  const formRef = useRef<HTMLFormElement>(null);
  const [declared, setDeclared] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const amount = parseEuros(amountText);
  const rule = info.transferFeeRule;
  // Decided by the server on the licence fees available now, whatever part of them is taken out.
  const fee = info.transferFee;
  const net = amount === null ? null : amount - fee;

  const validate = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!iban.trim()) found.iban = t('VALIDATION.REQUIRED');
    if (!accountHolder.trim()) found.accountHolder = t('VALIDATION.REQUIRED');
    if (!declared) found.accountHolderDeclared = t('PAYOUT.ACCOUNT_HOLDER_NOT_DECLARED');
    if (amount === null) found.amount = t('PAYOUT.AMOUNT_INVALID');
    else if (amount > info.balance.available) found.amount = t('PAYOUT.AMOUNT_ABOVE_AVAILABLE');
    else if (amount <= fee) found.amount = t('PAYOUT.AMOUNT_NOT_ABOVE_TRANSFER_FEE');
    return found;
  };

  /** The errors at their fields, and focus on the first of them (never left on the button or the page). */
  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#payout-${first}`)?.focus());
  };
  const serverErrors = (error: unknown): Partial<Record<Field, string>> => {
    const messages = fieldMessages(error, (name) =>
      FIELDS.includes(name as Field) ? (name as Field) : null,
    );
    if (error instanceof ApiError && error.code && AMOUNT_CODES.includes(error.code))
      messages.amount = t(error.code);
    return messages;
  };

  const confirm = (checked: PayoutRequestCheck) =>
    confirmRequested({
      title: t('PAYOUT.CONFIRM_TITLE'),
      text: t('PAYOUT.CONFIRM_TEXT', {
        amount: formatMoney(checked.amount, language),
        fee: formatMoney(checked.transferFee, language),
        net: formatMoney(checked.netAmount, language),
        iban: checked.iban,
        holder: checked.accountHolderLatin ?? checked.accountHolder,
      }),
      confirmLabel: t('SALES.REQUEST_PAYOUT'),
      onConfirm: () =>
        request.mutate(
          { iban, accountHolder, accountHolderDeclared: declared, amount: checked.amount },
          {
            onSuccess: () => {
              toastShown({ tone: 'success', text: t('PAYOUT.REQUESTED') });
              void navigate(path('userpayouts'));
            },
            onError: (error) => {
              const messages = serverErrors(error);
              if (Object.keys(messages).length > 0) showErrors(messages);
              else errorOccurred(error);
            },
          },
        ),
    });

  // The IBAN and the name rule are checked by the server's own rules before the confirmation, so the
  // dialog never asks to confirm what would be refused.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.isPending || request.isPending) return;
    const found = validate();
    showErrors(found);
    if (Object.keys(found).length > 0 || amount === null || net === null) return;
    check.mutate(
      { iban, accountHolder, accountHolderDeclared: declared, amount },
      {
        onSuccess: confirm,
        onError: (error) => {
          const messages = serverErrors(error);
          if (Object.keys(messages).length > 0) showErrors(messages);
          else errorOccurred(error);
        },
      },
    );
  };

  const control = (field: Field) => ({
    id: `payout-${field}`,
    className: 'field__control',
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `payout-${field}-error` : `payout-${field}-hint`,
  });
  const error = (field: Field) =>
    errors[field] && (
      <p className="field__error" id={`payout-${field}-error`} data-testid={`field-error-payout-${field}`}>
        {errors[field]}
      </p>
    );

  return (
    <form ref={formRef} className="card payout-form" onSubmit={submit} noValidate data-testid="payout-form">
      <div className="field">
        <label htmlFor="payout-iban" className="field__label">
          {t('PAYOUT.IBAN')}
        </label>
        <input
          {...control('iban')}
          value={iban}
          onChange={(e) => setIban(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="payout-iban"
        />
        <p className="hint" id="payout-iban-hint">
          {t('PAYOUT.IBAN_HINT')}
        </p>
        {error('iban')}
      </div>
      <div className="field">
        <label htmlFor="payout-accountHolder" className="field__label">
          {t('PAYOUT.ACCOUNT_HOLDER')}
        </label>
        <input
          {...control('accountHolder')}
          value={accountHolder}
          onChange={(e) => setAccountHolder(e.target.value)}
          data-testid="payout-account-holder"
        />
        <p className="hint" id="payout-accountHolder-hint" data-testid="payout-account-holder-hint">
          {t('PAYOUT.ACCOUNT_HOLDER_HINT')}
        </p>
        {error('accountHolder')}
      </div>
      <div className="field">
        <label className="checkbox">
          <input
            id="payout-accountHolderDeclared"
            type="checkbox"
            checked={declared}
            onChange={(e) => setDeclared(e.target.checked)}
            aria-invalid={errors.accountHolderDeclared ? true : undefined}
            aria-describedby={errors.accountHolderDeclared ? 'payout-accountHolderDeclared-error' : undefined}
            data-testid="payout-account-holder-declared"
          />
          <span>{t('PAYOUT.ACCOUNT_HOLDER_DECLARATION')}</span>
        </label>
        {error('accountHolderDeclared')}
      </div>
      <div className="field">
        <label htmlFor="payout-amount" className="field__label">
          {t('PAYOUT.AMOUNT')}
        </label>
        <input
          {...control('amount')}
          value={amountText}
          inputMode="decimal"
          onChange={(e) => setAmountText(e.target.value)}
          data-testid="payout-amount"
        />
        <p className="hint" id="payout-amount-hint">
          {t('PAYOUT.AMOUNT_HINT', { available: formatMoney(info.balance.available, language) })}
        </p>
        {error('amount')}
      </div>
      <dl className="payout-preview" aria-live="polite">
        <div>
          <dt>{t('PAYOUT.TRANSFER_FEE')}</dt>
          <dd>
            <Money cents={fee} testId="payout-transfer-fee" />
          </dd>
        </div>
        <div>
          <dt>{t('PAYOUT.NET_AMOUNT')}</dt>
          <dd>{net === null ? '–' : <Money cents={Math.max(net, 0)} testId="payout-net-amount" />}</dd>
        </div>
      </dl>
      <p className="hint" data-testid="payout-transfer-fee-rule">
        {t(fee > 0 ? 'PAYOUT.TRANSFER_FEE_APPLIES' : 'PAYOUT.TRANSFER_FEE_NONE', {
          fee: formatAmount(rule.fee, language),
          threshold: formatAmount(rule.threshold, language),
          available: formatMoney(info.balance.available, language),
        })}
      </p>
      <div className="payout-form__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={request.isPending || check.isPending || undefined}
          aria-busy={check.isPending || undefined}
          data-testid="payout-submit"
        >
          {t('SALES.REQUEST_PAYOUT')}
        </button>
        <Link to={path('usersales')} className="button button--ghost">
          {t('COMMON.CANCEL')}
        </Link>
      </div>
    </form>
  );
}

/** Payout request (route userpayout): IBAN, available amount, transfer fee, bought documents, service fee. */
export function PayoutRequestPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('PAYOUT.TITLE'));
  const user = useSessionUser();
  const info = usePayoutRequestInfo(user?.id);
  const data = info.data;

  return (
    <div className="page money-page">
      <h1 className="page__title">{t('PAYOUT.TITLE')}</h1>
      {info.isPending && <TableSkeleton />}
      {info.isError && <LoadError onRetry={info.refetch} error={info.error} />}
      {data && user && (
        <>
          <section className="card" aria-labelledby="payout-balance">
            <h2 id="payout-balance" className="card__title">
              {t('SALES.AVAILABLE')}: <Money cents={data.balance.available} testId="payout-available" />
            </h2>
            {data.balance.releases.length > 0 && (
              <>
                <p className="hint">
                  {t('SALES.HELD', { days: data.balance.holdDays })}{' '}
                  {t(`SALES.HOLD_REASON.${data.balance.holdReason}`)}
                </p>
                <ul className="money-releases" data-testid="payout-releases">
                  {data.balance.releases.map((r) => (
                    <li key={r.releasedAt}>
                      <Money cents={r.amount} /> {t('SALES.AVAILABLE_FROM')}{' '}
                      <FormattedDate value={r.releasedAt} />
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p className="hint">{t('PAYOUT.RECEIVED_NOTICE')}</p>
          </section>

          {data.balance.available > 0 ? (
            <PayoutForm info={data} uploaderId={user.id} />
          ) : (
            <p className="notice notice--warning" data-testid="payout-nothing-available">
              {t('PAYOUT.NOTHING_AVAILABLE')}
            </p>
          )}

          {data.documents.length > 0 && (
            <section aria-labelledby="payout-documents">
              <h2 id="payout-documents" className="money-page__section">
                {t('PAYOUT.BOUGHT_DOCUMENTS')}
              </h2>
              <DataTable caption={t('PAYOUT.BOUGHT_DOCUMENTS')} testId="payout-documents">
                <thead>
                  <tr>
                    <th scope="col">{t('SALES.DOCUMENT')}</th>
                    <th scope="col">{t('SALES.PAID_AT')}</th>
                    <th scope="col" className="table__num">
                      {t('SALES.LICENCE_FEE')}
                    </th>
                    <th scope="col" className="table__num">
                      {t('SALES.SERVICE_FEE')}
                    </th>
                    <th scope="col" className="table__num">
                      {t('SALES.EARNED')}
                    </th>
                    <th scope="col" className="table__num">
                      {t('PAYOUT.IN_AVAILABLE')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.documents.map((d, index) => (
                    <tr key={`${d.paidAt}-${index}`}>
                      <th scope="row">{d.title}</th>
                      <td>
                        <FormattedDate value={d.paidAt} />
                      </td>
                      <td className="table__num">
                        <Money cents={d.licenceFee} />
                      </td>
                      <td className="table__num">
                        <Money cents={d.serviceFee} />
                      </td>
                      <td className="table__num">
                        <Money cents={d.earned} />
                      </td>
                      <td className="table__num">
                        <Money cents={d.available} />
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      {t('PAYOUT.TOTAL')}
                    </th>
                    <td className="table__num">
                      <Money cents={data.licenceFees} testId="payout-licence-fees" />
                    </td>
                    <td className="table__num">
                      <Money cents={data.serviceFees} testId="payout-service-fees" />
                    </td>
                    <td colSpan={2} />
                  </tr>
                </tfoot>
              </DataTable>
            </section>
          )}
        </>
      )}
    </div>
  );
}
