import type { components } from '../../../openapi/schema.js';
import { iso, type Ts } from '../../db/sql.js';

/** Comments in the contract's shape; a comment without an author (a system note) is "System" with id 0. */

type S = components['schemas'];

export interface CommentJson {
  id: number;
  content: string;
  created_at: Ts;
  author_id: number | null;
  picture: string | null;
  full_name: string | null;
  email: string | null;
}

export function comment(c: CommentJson): S['Comment'] {
  return {
    id: c.id,
    author: { id: c.author_id ?? 0, picture: c.picture ?? null, full_name: c.full_name ?? 'System', email: c.email ?? '' },
    content: c.content,
    created_at: iso(c.created_at),
  };
}
export const comments = (list: unknown): S['Comment'][] => ((list as CommentJson[]) ?? []).map(comment);
