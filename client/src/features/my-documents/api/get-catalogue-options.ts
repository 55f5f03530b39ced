import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { CatalogueOptions } from '../../../api/types';

export function getCatalogueOptions(signal?: AbortSignal): Promise<CatalogueOptions> {
  return http<CatalogueOptions>('/catalogue/options', { signal });
}

/** The codes a document may use (the same call and key search uses). */
export const catalogueOptionsQuery = queryOptions({
  queryKey: ['catalogue', 'options'],
  queryFn: ({ signal }) => getCatalogueOptions(signal),
  staleTime: Infinity,
});

export function useCatalogueOptions() {
  return useQuery(catalogueOptionsQuery);
}
