import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language';
import { formatMoney } from '../utils/format';

interface MoneyProps {
  /** Integer euro cents. */
  cents: number;
  /** Show 'Free' instead of 0,00 € (document prices). */
  freeWhenZero?: boolean;
  className?: string;
  testId?: string;
}

export function Money({ cents, freeWhenZero = false, className, testId }: MoneyProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const text = freeWhenZero && cents === 0 ? t('COMMON.FREE') : formatMoney(cents, language);
  return (
    <span className={className} data-testid={testId} data-cents={cents}>
      {text}
    </span>
  );
}
