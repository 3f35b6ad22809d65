import { notFound } from '../../lib/errors.js';
import { visibleCase } from '../../auth/visibility.js';
import { loadCases } from './load.js';
import { ownerDocuments } from '../documents/index.js';
import { cachedLoaders } from '../../domain/cold-storage/cached.js';
import { defineHandlers } from '../types.js';
import { changeStatus } from '../alerts/index.js';

/** A case (also as a cached read), several by id, its documents, and its status changes (alerts/status.ts). */
export const caseHandlers = defineHandlers({
  async updateCaseStatus({ db, req, principal, params, body }) {
    return changeStatus(db, req, principal, 'CASE', params.id, body);
  },

  // Visibility first (restricted queues), then the cold-storage state, then the case.
  async getCachedCase({ db, principal, params }) {
    await visibleCase(db, principal, params.id);
    const loader = await cachedLoaders(db, principal.orgId, 'CASE', [params.id]);
    const [found] = await loadCases(db, principal, [params.id], false);
    if (!found) throw notFound('Case');
    return { ...found, data_loader: loader(found.id) } as never;
  },

  async listCaseDocuments({ db, principal, params }) {
    await visibleCase(db, principal, params.id);
    return { documents: await ownerDocuments(db, principal.orgId, 'CASE', params.id) };
  },

  async retrieveCases({ db, principal, body }) {
    return { results: await loadCases(db, principal, body.object_ids, body.short ?? false) };
  },
});
