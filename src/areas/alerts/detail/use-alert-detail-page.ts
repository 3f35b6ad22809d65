// Gathers the alert page: the alert, the tab the URL selects, the dialogs (deadline, close,
// explanation) that the palette may open, and the page's palette commands.
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useColdStorageWait } from '../../../features/cold-storage/cold-storage';
import { alertKeys } from '../../../api/alerts/keys';
import { rememberRecent } from '../../../app/palette';
import { useAgent } from '../../../app/auth/auth-context';
import type { CommentComposerHandle } from '../../../features/work';
import { useAlertQuery } from '../../../api/alerts/queries';
import { ALERT_UPDATES_HASH, tabFromLocation, tabHref, visibleTabs, type AlertTabId } from './alert-tabs';
import { useAlertCommands } from './use-alert-commands';
import { useRuleExplanations } from './use-rule-explanations';

/** `composer` is the comment box's handle, which the "Add comment" command focuses. */
export function useAlertDetailPage(id: number, routeId: string, composer: RefObject<CommentComposerHandle | null>) {
  const agent = useAgent();
  const [, navigate] = useLocation();
  const search = useSearch();
  const alert = useAlertQuery(id);
  // a cold alert shows its stub until it is back; then its linked lists and the alert lists refetch
  const coldStorage = useColdStorageWait({
    queryKey: alertKeys.detail(id),
    dataLoader: alert.data?.data_loader,
    subject: 'this alert',
    related: [alertKeys.detail(id), alertKeys.lists()],
  });
  const tabs = useMemo(() => visibleTabs(agent), [agent]);
  const [hash, setHash] = useState(() => window.location.hash);
  const tab = tabFromLocation(routeId, search, hash, tabs);

  // The hash marker selects the updates tab; the address then becomes the tab's own route, so the
  // marker does not stick to later tab changes.
  useEffect(() => {
    const onHash = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (hash.replace(/^#/, '') === ALERT_UPDATES_HASH && routeId === 'alerts.detail') {
      navigate(tabHref(id, 'alert-updates', tabs), { replace: true });
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the marker is dropped with the navigation it caused, after rendering
      setHash('');
    }
  }, [hash, routeId, id, tabs, navigate]);

  const selectTab = (next: AlertTabId) => navigate(tabHref(id, next, tabs));

  const [deadlineOpen, setDeadlineOpen] = useState(false);
  const [closeOpen, setCloseOpen] = useState(false);
  const [explainOpen, setExplainOpen] = useState(false);

  const data = alert.data;
  const explanations = useRuleExplanations(data ?? { rules: [], variable_snapshots: [] });

  // remembered once per alert shown, not again on each refetch
  const shownId = data?.id;
  const shownTitle = data?.title;
  useEffect(() => {
    if (shownId !== undefined && shownTitle !== undefined) rememberRecent({ type: 'ALERT', id: shownId, title: shownTitle, path: `/alerts/${shownId}` });
  }, [shownId, shownTitle]);

  useAlertCommands(data, {
    editDeadline: () => setDeadlineOpen(true),
    close: () => setCloseOpen(true),
    comment: () => composer.current?.focus(),
  });

  const notFound = alert.error instanceof ApiError && alert.error.status === 404;
  return {
    alert,
    coldStorage,
    notFound,
    tabs,
    tab,
    selectTab,
    explanations,
    dialogs: { deadlineOpen, setDeadlineOpen, closeOpen, setCloseOpen, explainOpen, setExplainOpen },
  };
}
