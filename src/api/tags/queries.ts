import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { tagKeys } from './keys';

export type Tag = components['schemas']['Tag'];
export type TagObjectType = components['schemas']['ObjectType'];

export async function fetchTags(): Promise<Tag[]> {
  const body = await unwrap(api.GET('/api/tags'));
  return body.tags;
}

/** The organisation's tags by title; they change rarely. */
export function useTagsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: tagKeys.list(), queryFn: fetchTags, staleTime: 5 * 60_000, enabled });
}
