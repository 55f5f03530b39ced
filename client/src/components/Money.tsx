import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language';
import { formatMoney, formatWholeEuros } from '../utils/format';

interface MoneyProps {
  /** Integer euro cents. */
  cents: number;
  /** Show 'Free' instead of 0,00 € (document prices). */
  freeWhenZero?: boolean;
  /** Whole euros, no cents (SPEC §9 money format; summaries and charts). */
  wholeEuros?: boolean;
  className?: string;
  testId?: string;
}

export function Money({ cents, freeWhenZero = false, wholeEuros = false, className, testId }: MoneyProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const text =
    freeWhenZero && cents === 0
      ? t('COMMON.FREE')
      : wholeEuros
        ? formatWholeEuros(cents, language)
        : formatMoney(cents, language);
  return (
    <span className={className} data-testid={testId} data-cents={cents}>
      {text}
    </span>
  );
}
