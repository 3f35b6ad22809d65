import type { components } from '../../../openapi/schema';

type CgdoType = components['schemas']['CgdoType'];

/** The newest label (tag) edit of an object, polled while its view is open. */
export const labelEditKeys = {
  all: ['label-edits'] as const,
  latest: (type: CgdoType, externalId: string) => [...labelEditKeys.all, type, externalId] as const,
};
