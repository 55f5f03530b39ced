import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { ProjectionReport } from '../../../api/money-types';

export const projectionKeys = { all: ['admin', 'projections'] as const };

export function getProjections(signal?: AbortSignal): Promise<ProjectionReport[]> {
  return http<ProjectionReport[]>('/admin/projections', { signal });
}

/** Every read model's position; polled every second while a rebuild runs. */
export function projectionsQueryOptions() {
  return queryOptions({
    queryKey: projectionKeys.all,
    queryFn: ({ signal }) => getProjections(signal),
    refetchInterval: (query) => (query.state.data?.some((p) => p.rebuild && !p.rebuild.done) ? 1000 : false),
  });
}

export function useProjections(enabled: boolean) {
  return useQuery({ ...projectionsQueryOptions(), enabled });
}

export function rebuildProjection(name: string): Promise<unknown> {
  return http(`/admin/projections/${encodeURIComponent(name)}/rebuild`, { method: 'POST' });
}

/** Starts a rebuild; the list is read again (and then polled) to show its progress. */
export function useRebuildProjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebuildProjection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectionKeys.all }),
  });
}
