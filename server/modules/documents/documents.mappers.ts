import type { components } from '../../../openapi/schema.js';
import { iso, type Ts } from '../../db/sql.js';

/** Documents (attachments) in the contract's shape. */

export interface DocumentRow {
  id: number;
  object_id: number;
  name: string;
  media_type: string;
  mime_type: string;
  embed_url: string | null;
  storage_resource: string;
  created_at: Ts;
}

export function mapDocument(d: Omit<DocumentRow, 'object_id'>): components['schemas']['Document'] {
  return {
    id: d.id,
    name: d.name,
    media_type: d.media_type,
    mime_type: d.mime_type,
    embed_url: d.embed_url,
    storage_resource: d.storage_resource === 'GDRIVE' ? 'GDRIVE' : 'S3',
    created_at: iso(d.created_at),
  };
}
