import { visibleSar } from '../../auth/visibility.js';
import { loadSar } from './load.js';
import { cachedLoaders } from '../../domain/cold-storage/cached.js';
import { defineHandlers } from '../types.js';

/** A SAR with its case, alerts, comments and sibling SARs (also as a cached read). */
export const sarHandlers = defineHandlers({
  async getCachedSar({ db, principal, params }) {
    await visibleSar(db, principal, params.id);
    const loader = await cachedLoaders(db, principal.orgId, 'SAR', [params.id]);
    return { ...(await loadSar(db, principal, params.id)), data_loader: loader(params.id) };
  },

  async getSar({ db, principal, params }) {
    return loadSar(db, principal, params.id);
  },
});
