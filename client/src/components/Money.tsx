import { useTranslation } from '../i18n';
import { useLanguage } from '../hooks/use-language';
import { formatAmount, formatPrice } from '../utils/format';

interface MoneyProps {
  /** Integer euro cents. */
  cents: number;
  /** Show 'Free' instead of 0,00 € (document prices). */
  freeWhenZero?: boolean;
  /**
   * 'price' (default): two decimals, for sums charged or paid. 'amount': whole euros, for round
   * figures and overviews (SPEC §9; docs/decisions/money-format.md).
   */
  format?: 'price' | 'amount';
  className?: string;
  testId?: string;
}

export function Money({ cents, freeWhenZero = false, format = 'price', className, testId }: MoneyProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const text =
    freeWhenZero && cents === 0
      ? t('COMMON.FREE')
      : format === 'amount'
        ? formatAmount(cents, language)
        : formatPrice(cents, language);
  return (
    <span className={className} data-testid={testId} data-cents={cents}>
      {text}
    </span>
  );
}
