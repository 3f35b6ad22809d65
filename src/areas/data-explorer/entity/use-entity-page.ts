// Gathers the entity page: the entity, the tab and transaction direction the URL selects, and the
// paginated alerts.
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useColdStorageWait } from '../../../features/cold-storage/cold-storage';
import { useAgent } from '../../../app/auth/auth-context';
import { rememberRecent } from '../../../app/palette';
import { hasPermission } from '../../../lib/permissions';
import { actionEventKeys } from '../../../api/action-events/keys';
import { documentKeys } from '../../../api/documents/keys';
import { entityKeys } from '../../../api/entities/keys';
import { transactionKeys } from '../../../api/transactions/keys';
import { useEntityAlertsQuery, useEntityQuery, useEntityTransactionsQuery, type TransactionDirection } from '../../../api/entities/queries';
import { entityTabFromSearch, entityTabHref, visibleEntityTabs, type EntityTabId } from './entity-tabs';
import { directionFromSearch } from './tabs/TransactionsTab';

/** The internal id of /entities/{id}; 0 when the segment is not one. */
export function parseEntityId(raw: string): number {
  return /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
}

export function useEntityPage(rawId: string) {
  const agent = useAgent();
  const [, navigate] = useLocation();
  const search = useSearch();
  const id = parseEntityId(rawId);
  const entity = useEntityQuery(id);
  // a cold entity shows its stub until it is back; then its tabs' lists, its documents and the explorer lists refetch
  const coldStorage = useColdStorageWait({
    queryKey: entityKeys.detail(id),
    dataLoader: entity.data?.data_loader,
    subject: 'this entity',
    related: [entityKeys.detail(id), documentKeys.entity(id), transactionKeys.lists(), actionEventKeys.lists()],
  });
  const tabs = useMemo(() => visibleEntityTabs(agent), [agent]);
  const tab = entityTabFromSearch(search, tabs);
  const direction = directionFromSearch(search);
  // The first page of the transactions tab needs only the id in the address: asked beside the
  // entity rather than after it, so the page is usable one round trip sooner.
  useEntityTransactionsQuery(id, direction, 0, tab === 'transactions');
  const alertsAllowed = hasPermission(agent, 'read_alerts');
  const [alertOffset, setAlertOffset] = useState(0);
  const alerts = useEntityAlertsQuery(entity.data?.external_id, alertOffset, alertsAllowed);

  const selectTab = (next: EntityTabId) => navigate(entityTabHref(id, next, tabs, search));
  const selectDirection = (next: TransactionDirection) => {
    const params = new URLSearchParams(search);
    if (next === 'ANY') params.delete('direction');
    else params.set('direction', next);
    const query = params.toString();
    navigate(`/entities/${id}${query ? `?${query}` : ''}`);
  };

  const data = entity.data;
  // remembered once per entity shown, not again on each refetch
  const shownId = data?.id;
  const shownName = data?.name_readable;
  useEffect(() => {
    if (shownId !== undefined && shownName !== undefined) rememberRecent({ type: 'ENTITY', id: shownId, title: shownName, path: `/entities/${shownId}` });
  }, [shownId, shownName]);

  const notFound = id === 0 || (entity.error instanceof ApiError && entity.error.status === 404);
  return {
    id,
    entity,
    coldStorage,
    notFound,
    tabs,
    tab,
    selectTab,
    direction,
    selectDirection,
    alerts: alertsAllowed ? { query: alerts, offset: alertOffset, onOffset: setAlertOffset } : null,
    checkImagesAllowed: hasPermission(agent, 'read_events'),
  };
}
