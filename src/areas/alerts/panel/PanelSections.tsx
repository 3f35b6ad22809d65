// The alert panel's lists (spec part 2, section 2 "Alert panel": Flagged Entities, Transactions,
// Action Events, Instruments, Custom Data), compact for the 370 px panel: the first rows of each,
// with the full lists on the detail page.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { compactTime } from '../../../lib/time';
import { isAllowed } from '../../../lib/permissions';
import { textLink } from '../../../ui/recipes';
import { useAlertActionEventsQuery, useAlertEntitiesQuery, useAlertInstrumentsQuery, useAlertTransactionsQuery, type Alert } from '../../../api/alerts/queries';
import { ALERT_TABS, tabHref, visibleTabs, type AlertTabId } from '../detail/alert-tabs';
import { ACTION_EVENTS_FAILED, ENTITIES_FAILED, INSTRUMENTS_FAILED, TRANSACTIONS_FAILED } from '../detail/tabs/LinkedTabs';
import { NOTHING_TO_DISPLAY } from '../detail/tabs/SimpleTabs';
import { formatAmount } from '../list/alert-format';
import * as s from './panel.styles';

interface Row {
  key: number | string;
  href?: string;
  primary: string;
  secondary?: string;
}

interface ListState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

function Section({ title, count, children, open = false }: { title: string; count?: number; children: ReactNode; open?: boolean }) {
  return (
    <details className={s.section} open={open}>
      <summary className={s.summary}>
        {title}
        {count !== undefined ? <span className={s.count}>{count}</span> : null}
      </summary>
      {children}
    </details>
  );
}

function Rows({ state, failed, rows, count, allHref }: { state: ListState; failed: string; rows: Row[]; count: number; allHref: string }) {
  if (state.isPending) return <p className={s.note}>Loading…</p>;
  if (state.isError)
    return (
      <p className={s.error} role="alert">
        {failed}
        <button type="button" className={textLink()} onClick={() => void state.refetch()}>
          Retry
        </button>
      </p>
    );
  if (rows.length === 0) return <p className={s.note}>{NOTHING_TO_DISPLAY}</p>;
  return (
    <>
      <ul className={s.list}>
        {rows.map((r) => (
          <li key={r.key} className={s.item}>
            {r.href ? (
              <Link href={r.href} className={s.primary}>
                {r.primary}
              </Link>
            ) : (
              <span className={s.primaryText}>{r.primary}</span>
            )}
            {r.secondary ? <span className={s.secondary}>{r.secondary}</span> : null}
          </li>
        ))}
      </ul>
      {count > rows.length ? <Link href={allHref} className={`${textLink()} ${s.more}`}>{`View all ${count} on the detail page`}</Link> : null}
    </>
  );
}

/** Not in the spec: rows per list in the narrow panel. */
const PANEL_ROWS = 5;
const slice = <T,>(items: readonly T[] | undefined) => (items ?? []).slice(0, PANEL_ROWS);

export function PanelSections({ alert }: { alert: Alert }) {
  const agent = useAgent();
  const tabs = visibleTabs(agent);
  const allowed = (id: AlertTabId) => isAllowed(ALERT_TABS.find((t) => t.id === id)?.guard, agent);
  const href = (id: AlertTabId) => tabHref(alert.id, id, tabs);
  const entities = useAlertEntitiesQuery(alert.id, 0, allowed('entities'));
  const txns = useAlertTransactionsQuery(alert.id, 0, allowed('transactions'));
  const actions = useAlertActionEventsQuery(alert.id, 0, allowed('action-events'));
  const instruments = useAlertInstrumentsQuery(alert.id, 0, allowed('instruments'));
  const custom = Object.entries(alert.formatted_data);

  return (
    <>
      {allowed('entities') ? (
        <Section title="Flagged Entities" count={entities.data?.count} open>
          <Rows
            state={entities}
            failed={ENTITIES_FAILED}
            count={entities.data?.count ?? 0}
            allHref={href('entities')}
            rows={slice(entities.data?.entities).map((e) => ({ key: e.id, href: `/entities/${e.id}`, primary: e.name_readable, secondary: e.external_id }))}
          />
        </Section>
      ) : null}
      {allowed('transactions') ? (
        <Section title="Transactions" count={txns.data?.count}>
          <Rows
            state={txns}
            failed={TRANSACTIONS_FAILED}
            count={txns.data?.count ?? 0}
            allHref={href('transactions')}
            rows={slice(txns.data?.txn_events).map((t) => ({
              key: t.id,
              href: `/data-explorer/transactions/${t.id}`,
              primary: `${formatAmount(t.amount, t.currency)} · ${t.internal_txn_type.replace(/_/g, ' ').toLowerCase()}`,
              secondary: `${t.external_id} · ${compactTime(t.event_time)}`,
            }))}
          />
        </Section>
      ) : null}
      {allowed('action-events') ? (
        <Section title="Action Events" count={actions.data?.count}>
          <Rows
            state={actions}
            failed={ACTION_EVENTS_FAILED}
            count={actions.data?.count ?? 0}
            allHref={href('action-events')}
            rows={slice(actions.data?.action_events).map((e) => ({
              key: e.id,
              href: `/data-explorer/action-events/${e.id}`,
              primary: e.action_type,
              secondary: `${e.external_id} · ${compactTime(e.event_time)}`,
            }))}
          />
        </Section>
      ) : null}
      {allowed('instruments') ? (
        <Section title="Instruments" count={instruments.data?.count}>
          <Rows
            state={instruments}
            failed={INSTRUMENTS_FAILED}
            count={instruments.data?.count ?? 0}
            allHref={href('instruments')}
            rows={slice(instruments.data?.instruments).map((i) => ({
              key: i.id,
              href: `/instruments/${i.id}`,
              primary: i.external_id,
              secondary: `${i.instrument_type} · ${i.status}`,
            }))}
          />
        </Section>
      ) : null}
      <Section title="Custom Data" count={custom.length}>
        <Rows
          state={{ isPending: false, isError: false, refetch: () => undefined }}
          failed=""
          count={custom.length}
          allHref={href('custom-data')}
          rows={custom.map(([key, f]) => ({ key, primary: f.formatted_value === null ? '—' : String(f.formatted_value), secondary: f.name_readable }))}
        />
      </Section>
    </>
  );
}
