import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http, httpDownload, type Download } from '../../../api/http';
import type { JournalPage } from '../../../api/money-types';

export const JOURNAL_PAGE_SIZE = 50;

/** What the journal is filtered by (all optional; the URL holds them). */
export interface JournalFilter {
  from?: string;
  to?: string;
  group?: string;
  movement?: string;
  payoutId?: string;
  purchaseId?: string;
}

export const journalKeys = {
  all: ['accounting', 'journal'] as const,
  list: (filter: JournalFilter) => [...journalKeys.all, filter] as const,
};

export function getJournal(
  filter: JournalFilter,
  offset: number,
  signal?: AbortSignal,
): Promise<JournalPage> {
  return http<JournalPage>('/accounting/journal', {
    query: { ...filter, offset, limit: JOURNAL_PAGE_SIZE },
    signal,
  });
}

export function journalQueryOptions(filter: JournalFilter) {
  return infiniteQueryOptions({
    queryKey: journalKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getJournal(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });
}

/** The accountant's journal, page by page, oldest first. */
export function useJournal(filter: JournalFilter, enabled: boolean) {
  return useInfiniteQuery({ ...journalQueryOptions(filter), enabled });
}

export function downloadJournalCsv(filter: JournalFilter): Promise<Download> {
  return httpDownload('/accounting/journal.csv', { query: { ...filter }, timeoutMs: 60_000 });
}
