import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { usePageAnswer } from '../../../api/page-context';
import type { CatalogueOptions } from '../../../api/types';

export function getCatalogueOptions(signal?: AbortSignal): Promise<CatalogueOptions> {
  return http<CatalogueOptions>('/catalogue/options', { signal });
}

export const catalogueOptionsQuery = queryOptions({
  queryKey: ['catalogue', 'options'],
  queryFn: ({ signal }) => getCatalogueOptions(signal),
  staleTime: Infinity,
});

/** The catalogue's codes; the page's first render takes them from the page (api/page-answers.ts). */
export function useCatalogueOptions() {
  return useQuery({ ...catalogueOptionsQuery, ...usePageAnswer<CatalogueOptions>('/catalogue/options') });
}
