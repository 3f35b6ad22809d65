// GET /api/tags: the organisation's tags, for the list's tag filter.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, unwrap } from '../../../api/client';
import { alertFilterKeys } from './keys';

export type Tag = components['schemas']['Tag'];

export async function fetchTags(): Promise<Tag[]> {
  return (await unwrap(api.GET('/api/tags'))).tags;
}

export function useTagsQuery() {
  return useQuery({ queryKey: alertFilterKeys.tags(), queryFn: fetchTags, staleTime: 5 * 60_000 });
}
