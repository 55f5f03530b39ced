import { useId, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Card } from './Card';
import { FormattedDate } from './FormattedDate';
import { Money } from './Money';
import './data-table.css';

/** One column: its heading and how a row fills its cell. */
export interface Column<Row> {
  readonly key: string;
  readonly header: ReactNode;
  /** How a row fills its cell; or, for the two kinds most columns are, `money` or `date`. */
  readonly cell?: (row: Row, index: number) => ReactNode;
  /** An amount in euro cents, shown as money, right-aligned. */
  readonly money?: (row: Row) => number;
  /** A date (ISO), shown as DD.MM.YYYY; empty where there is none. */
  readonly date?: (row: Row) => string | null;
  /** A figure: right-aligned, digits of one width. */
  readonly num?: boolean;
  /** The cell names its row (`<th scope="row">`). */
  readonly rowHeader?: boolean;
  /** The heading is said to screen readers only (a column of checkboxes). */
  readonly hiddenHeader?: boolean;
  readonly className?: string;
  readonly testId?: string;
}

/** A row's own attributes: a class, an id (a link's target) and `data-*` (test ids, ids the journeys find a row by). */
export type RowAttributes = { readonly className?: string; readonly id?: string } & {
  readonly [key: `data-${string}`]: string | number | boolean | undefined;
};

interface TableFrameProps {
  /** Said to screen readers as the table's name and as the name of its scroll region; the title by default. */
  readonly caption?: string;
  /** The heading of the table's own card (a card of its own is a region named by it). */
  readonly title?: string;
  readonly titleId?: string;
  /** Shown in the card instead of the table when there are no rows. */
  readonly empty?: ReactNode;
  readonly testId?: string;
  /** Extra classes of the table itself, beside `table`. */
  readonly className?: string;
  /** In a card of its own (a list screen); false where the table sits in a card with other content. */
  readonly card?: boolean;
  /** A list read page by page (react-query's infinite query): "Load more" under the table while there is more. */
  readonly more?: MorePages;
  readonly moreTestId?: string;
}

/** The part of an infinite query that "Load more" needs. */
export interface MorePages {
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

function LoadMore({ more, testId }: { more: MorePages; testId?: string }) {
  const { t } = useTranslation();
  if (!more.hasNextPage) return null;
  return (
    <div className="table-more">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void more.fetchNextPage()}
        disabled={more.isFetchingNextPage}
        data-testid={testId}
      >
        {t('ADMIN_USERS.LOAD_MORE')}
      </button>
    </div>
  );
}

interface DataTableProps<Row> extends TableFrameProps {
  /** The columns of a table of one list; without them, `children` are the table's head and body. */
  readonly columns?: readonly Column<Row>[];
  readonly rows?: readonly Row[];
  readonly rowKey?: (row: Row, index: number) => string;
  readonly rowAttributes?: (row: Row) => RowAttributes;
  /** The row's actions: the last column, kept in view at the right edge while the table scrolls. */
  readonly actions?: { readonly label: string; readonly cell: (row: Row) => ReactNode };
  /** Rows of the table's foot (totals). */
  readonly footer?: ReactNode;
  readonly children?: ReactNode;
}

function cellClass<Row>(column: Column<Row>): string | undefined {
  const num = column.num === true || column.money !== undefined;
  const classes = [num ? 'table__num' : '', column.className ?? ''].filter(Boolean).join(' ');
  return classes || undefined;
}

function content<Row>(column: Column<Row>, row: Row, index: number): ReactNode {
  if (column.money) return <Money cents={column.money(row)} />;
  if (column.date) return <FormattedDate value={column.date(row)} />;
  return column.cell?.(row, index);
}

function Rows<Row>({
  columns,
  rows = [],
  rowKey = (_row, index) => String(index),
  rowAttributes,
  actions,
  footer,
}: DataTableProps<Row> & { columns: readonly Column<Row>[] }) {
  return (
    <>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={cellClass(column)}>
              {column.hiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
          {actions && (
            <th scope="col" className="table__actions">
              <span className="visually-hidden">{actions.label}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} {...rowAttributes?.(row)}>
            {columns.map((column) => {
              const Cell = column.rowHeader ? 'th' : 'td';
              return (
                <Cell
                  key={column.key}
                  scope={column.rowHeader ? 'row' : undefined}
                  className={cellClass(column)}
                  data-testid={column.testId}
                >
                  {content(column, row, index)}
                </Cell>
              );
            })}
            {actions && (
              <td className="table__actions">
                <div className="table__actions-inner">{actions.cell(row)}</div>
              </td>
            )}
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </>
  );
}

/**
 * The one data table of the signed-in screens. It fits its card or scrolls sideways inside it, never widening
 * the page; the scroll box is a named region that takes keyboard focus (axe's scrollable-region-focusable),
 * and the rows' actions stay in view at its right edge while the rest scrolls, so a button is never cut.
 * Give it `columns` and `rows` (one list), or a head and body of its own as children.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { title, titleId, empty, testId, className, card = true, more, moreTestId } = props;
  const caption = props.caption ?? title ?? '';
  const captionId = useId();
  const table = (
    <div className="table-wrap" tabIndex={0} role="group" aria-labelledby={captionId}>
      <table className={className ? `table ${className}` : 'table'} data-testid={testId}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        {props.columns ? <Rows {...props} columns={props.columns} /> : props.children}
      </table>
    </div>
  );
  const content =
    empty !== undefined && props.rows?.length === 0 ? (
      empty
    ) : more ? (
      <>
        {table}
        <LoadMore more={more} testId={moreTestId} />
      </>
    ) : (
      table
    );
  return card ? (
    <Card title={title} titleId={titleId} className="table-card">
      {content}
    </Card>
  ) : (
    content
  );
}
