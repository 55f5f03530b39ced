import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { useNavigate } from 'react-router';
import { Link } from '@/components/Link';
import { ApiError, fieldMessages } from '../../../api/http';
import type { PayoutRequestInfo } from '../../../api/money-types';
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
import { Card } from '../../../components/Card';
import { DataTable } from '../../../components/DataTable';
import { CheckboxField, TextField } from '../../../components/FormField';
import { BalanceReleases, earningsColumns } from './sales-parts';
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

  // A field's error is shown until the next check; its tie to the field is the FormField's.
  const field = (name: Field) => ({ id: `payout-${name}`, error: errors[name] });

  return (
    <Card className="payout-form-card">
      <form ref={formRef} className="payout-form" onSubmit={submit} noValidate data-testid="payout-form">
        <TextField
          {...field('iban')}
          label={t('PAYOUT.IBAN')}
          hint={t('PAYOUT.IBAN_HINT')}
          value={iban}
          onChange={setIban}
          autoComplete="off"
          spellCheck={false}
          data-testid="payout-iban"
        />
        <TextField
          {...field('accountHolder')}
          label={t('PAYOUT.ACCOUNT_HOLDER')}
          hint={t('PAYOUT.ACCOUNT_HOLDER_HINT')}
          hintTestId="payout-account-holder-hint"
          value={accountHolder}
          onChange={setAccountHolder}
          data-testid="payout-account-holder"
        />
        <CheckboxField
          {...field('accountHolderDeclared')}
          label={t('PAYOUT.ACCOUNT_HOLDER_DECLARATION')}
          checked={declared}
          onChange={setDeclared}
          testId="payout-account-holder-declared"
        />
        <TextField
          {...field('amount')}
          label={t('PAYOUT.AMOUNT')}
          hint={t('PAYOUT.AMOUNT_HINT', { available: formatMoney(info.balance.available, language) })}
          value={amountText}
          inputMode="decimal"
          onChange={setAmountText}
          data-testid="payout-amount"
        />
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
    </Card>
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
          <Card
            title={
              <>
                {t('SALES.AVAILABLE')}: <Money cents={data.balance.available} testId="payout-available" />
              </>
            }
            titleId="payout-balance"
          >
            <BalanceReleases balance={data.balance} testId="payout-releases" />
            <p className="hint">{t('PAYOUT.RECEIVED_NOTICE')}</p>
          </Card>

          {data.balance.available > 0 ? (
            <PayoutForm info={data} uploaderId={user.id} />
          ) : (
            <p className="notice notice--warning" data-testid="payout-nothing-available">
              {t('PAYOUT.NOTHING_AVAILABLE')}
            </p>
          )}

          {data.documents.length > 0 && (
            <DataTable
              title={t('PAYOUT.BOUGHT_DOCUMENTS')}
              titleId="payout-documents"
              testId="payout-documents"
              rows={data.documents}
              rowKey={(d, index) => `${d.paidAt}-${index}`}
              columns={[
                { key: 'title', header: t('SALES.DOCUMENT'), rowHeader: true, cell: (d) => d.title },
                { key: 'paidAt', header: t('SALES.PAID_AT'), date: (d) => d.paidAt },
                ...earningsColumns<PayoutRequestInfo['documents'][number]>(t),
                { key: 'available', header: t('PAYOUT.IN_AVAILABLE'), money: (d) => d.available },
              ]}
              footer={
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
              }
            />
          )}
        </>
      )}
    </div>
  );
}
