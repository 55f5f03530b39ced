import type { ReactNode } from 'react';

interface DataTableProps {
  /** Said to screen readers as the table's name (the heading above it shows it to everyone). */
  readonly caption: string;
  readonly testId?: string;
  /** Extra classes of the table itself, beside `table`. */
  readonly className?: string;
  /** Inside a card (data screens); the upload and document pages' tables sit in their own boxes. */
  readonly card?: boolean;
  /** The table's head and body. */
  readonly children: ReactNode;
}

/**
 * A data table that scrolls sideways inside its own box on narrow screens instead of widening the page; the
 * box takes keyboard focus, so it can be scrolled without a mouse (axe's scrollable-region-focusable).
 */
export function DataTable({ caption, testId, className, card = true, children }: DataTableProps) {
  return (
    <div className={card ? 'table-wrap card' : 'table-wrap'} tabIndex={0}>
      <table className={className ? `table ${className}` : 'table'} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
