import type { FormEvent, ReactNode } from 'react';
import { Card } from '../../../components/Card';

/** An admin's action on a payout or a file (reject, mark executed): a titled card holding its form. */
export function ActionCard({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Card className="payout-action" title={title}>
      <form className="payout-action__form" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Card>
  );
}
