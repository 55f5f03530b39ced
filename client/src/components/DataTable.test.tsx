import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable';

interface FileRow {
  id: string;
  title: string;
  pages: number;
}

const FILES: FileRow[] = [
  { id: 'f1', title: 'Töölepingu põhitingimused.docx', pages: 3 },
  { id: 'f2', title: 'Lisa.pdf', pages: 1 },
];

function Files({ onMain = () => undefined }: { onMain?: (file: FileRow) => void }) {
  return (
    <DataTable
      caption="Files"
      testId="files-table"
      card={false}
      rows={FILES}
      rowKey={(file) => file.id}
      rowAttributes={(file) => ({ 'data-testid': 'file-row', 'data-file-id': file.id })}
      columns={[
        { key: 'title', header: 'File', rowHeader: true, cell: (file) => file.title },
        { key: 'pages', header: 'Pages', num: true, cell: (file) => file.pages },
      ]}
      actions={{
        label: 'Actions',
        cell: (file) => (
          <>
            <button type="button" onClick={() => onMain(file)}>
              Set as main
            </button>
            <button type="button">Delete</button>
          </>
        ),
      }}
    />
  );
}

describe('DataTable', () => {
  it('is a table named by its caption, in a scroll box named like it that a keyboard can reach', async () => {
    render(<Files />);
    const table = screen.getByRole('table', { name: 'Files' });
    expect(table.dataset.testid).toBe('files-table');
    const region = screen.getByRole('group', { name: 'Files' });
    expect(region.classList.contains('table-wrap')).toBe(true);
    expect(region.contains(table)).toBe(true);
    await userEvent.tab();
    expect(document.activeElement).toBe(region);
  });

  it('gives every row its actions in the last column, named for the keyboard and a screen reader', async () => {
    const chosen: string[] = [];
    render(<Files onMain={(file) => chosen.push(file.id)} />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual(['File', 'Pages', 'Actions']);
    expect(headers[2]!.classList.contains('table__actions')).toBe(true);

    const rows = screen.getAllByTestId('file-row');
    expect(rows.map((row) => row.dataset.fileId)).toEqual(['f1', 'f2']);
    for (const row of rows) {
      const cells = within(row).getAllByRole('cell');
      const last = cells.at(-1)!;
      expect(last.classList.contains('table__actions')).toBe(true);
      expect(
        within(last)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Set as main', 'Delete']);
      expect(within(row).getByRole('rowheader').textContent).toBe(
        FILES.find((f) => f.id === row.dataset.fileId)!.title,
      );
    }

    // The scroll box, then the first row's actions, in the order a keyboard goes.
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(rows[0]!).getByRole('button', { name: 'Set as main' }));
    await userEvent.keyboard('{Enter}');
    expect(chosen).toEqual(['f1']);
  });

  it("keeps the actions column at the scroll box's right edge, so a narrow card never cuts a button", () => {
    const css = readFileSync(join(__dirname, 'data-table.css'), 'utf8');
    const rule = (selector: string) => {
      const start = css.indexOf(`${selector} {`);
      expect(start).toBeGreaterThanOrEqual(0);
      return css.slice(start, css.indexOf('}', start));
    };
    expect(rule('.table-wrap')).toMatch(/overflow-x:\s*auto/);
    expect(rule('.table__actions')).toMatch(/position:\s*sticky/);
    expect(rule('.table__actions')).toMatch(/right:\s*0/);
    expect(rule('.table__actions .button')).toMatch(/white-space:\s*nowrap/);
  });

  it('puts a list read page by page under its table with "Load more", while there is more', async () => {
    let asked = 0;
    const more = { hasNextPage: true, isFetchingNextPage: false, fetchNextPage: () => asked++ };
    const { rerender } = render(
      <DataTable
        caption="Purchases"
        rows={FILES}
        rowKey={(f) => f.id}
        columns={[]}
        more={more}
        moreTestId="more"
      />,
    );
    await userEvent.click(screen.getByTestId('more'));
    expect(asked).toBe(1);
    rerender(
      <DataTable
        caption="Purchases"
        rows={FILES}
        rowKey={(f) => f.id}
        columns={[]}
        more={{ ...more, hasNextPage: false }}
        moreTestId="more"
      />,
    );
    expect(screen.queryByTestId('more')).toBeNull();
  });
});
