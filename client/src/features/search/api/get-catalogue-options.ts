import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { takePageAnswer } from '../../../api/page-answers';
import type { CatalogueOptions } from '../../../api/types';

export function getCatalogueOptions(signal?: AbortSignal): Promise<CatalogueOptions> {
  return http<CatalogueOptions>('/catalogue/options', { signal });
}

export const catalogueOptionsQuery = queryOptions({
  queryKey: ['catalogue', 'options'],
  queryFn: ({ signal }) => getCatalogueOptions(signal),
  staleTime: Infinity,
  initialData: () => takePageAnswer<CatalogueOptions>('/catalogue/options'),
});

export function useCatalogueOptions() {
  return useQuery(catalogueOptionsQuery);
}
