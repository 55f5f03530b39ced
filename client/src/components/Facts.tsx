import type { ReactNode } from 'react';
import { Card } from './Card';

/** A card holding one grid of labelled values (a payout's facts, the dashboard's figures). */
export function FactsCard({
  className,
  listClassName,
  testId,
  children,
}: {
  /** The card's own class (its place on the page). */
  className?: string;
  /** The list's class: its grid and its values' look. */
  listClassName: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className} testId={testId}>
      <dl className={listClassName}>{children}</dl>
    </Card>
  );
}

/** One value of a {@link FactsCard}: its label and the value (its test id, where a test reads it). */
export function Fact({
  label,
  testId,
  className,
  children,
}: {
  label: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
