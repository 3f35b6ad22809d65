// /instruments/{id} (the internal id; device links land here too): the instrument's header with
// its status actions, its transactions, and beside them Instrument Details, Entity Information,
// its alerts, documents and comments.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useAgent } from '../../../app/auth/auth-context';
import { rememberRecent } from '../../../app/palette';
import { hasPermission } from '../../../lib/permissions';
import { LoadingState } from '../../../ui/LoadingState';
import { textLink } from '../../../ui/recipes';
import { CommentThread } from '../../../features/work';
import * as w from '../../../features/work/work.styles';
import * as s from '../entity/entity.styles';
import { humanise } from '../entity/entity.utils';
import { AlertsSection } from '../entity/EntityAlerts';
import { parseEntityId } from '../entity/use-entity-page';
import { useInstrumentAlertsQuery, useInstrumentQuery } from '../../../api/instruments/queries';
import { INSTRUMENT_FAILED } from './instrument.constants';
import { InstrumentActions } from './InstrumentActions';
import { EntityInformationSection, InstrumentDetailsSection, InstrumentDocumentsSection, InstrumentStatusBadge } from './InstrumentSections';
import { InstrumentTransactions } from './InstrumentTransactions';

export function InstrumentLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={s.stateBox} role="alert">
      {INSTRUMENT_FAILED}
      <button type="button" className={textLink()} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function InstrumentPage({ id: rawId }: { id: string }) {
  const agent = useAgent();
  const id = parseEntityId(rawId);
  const instrument = useInstrumentQuery(id);
  const alertsAllowed = hasPermission(agent, 'read_alerts');
  const [alertOffset, setAlertOffset] = useState(0);
  const alerts = useInstrumentAlertsQuery(id, alertOffset, alertsAllowed);
  const data = instrument.data;
  // remembered once per instrument shown, not again on each refetch
  const shownId = data?.id;
  const shownExternalId = data?.external_id;
  useEffect(() => {
    if (shownId !== undefined && shownExternalId !== undefined)
      rememberRecent({ type: 'INSTRUMENT', id: shownId, title: shownExternalId, path: `/instruments/${shownId}` });
  }, [shownId, shownExternalId]);
  const notFound = id === 0 || (instrument.error instanceof ApiError && instrument.error.status === 404);

  return (
    <div className={s.page}>
      <nav aria-label="Breadcrumb" className={s.crumbs}>
        <Link href="/data-explorer" className={s.crumbLink}>
          Data explorer
        </Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{data ? data.external_id : `Instrument ${rawId}`}</span>
      </nav>
      {notFound ? (
        <div className={w.section}>
          <div className={w.sectionBody}>
            <h1 className={s.title}>Instrument not found</h1>
            <p className={w.muted}>{`Instrument ${rawId} does not exist or you may not open it.`}</p>
          </div>
        </div>
      ) : instrument.isPending ? (
        <LoadingState label="Loading the instrument" />
      ) : instrument.isError ? (
        <InstrumentLoadError onRetry={() => void instrument.refetch()} />
      ) : (
        <>
          <header className={s.headerCard}>
            <div className={s.titleRow}>
              <div className={s.titleBlock}>
                <h1 className={s.title}>{instrument.data.external_id}</h1>
                <span className={s.secondary}>{`${humanise(instrument.data.instrument_type)} · Instrument ${instrument.data.id}`}</span>
              </div>
              <div className={s.inlineLinks}>
                <InstrumentStatusBadge status={instrument.data.status} />
                <InstrumentActions instrument={instrument.data} />
              </div>
            </div>
          </header>
          <div className={s.layout}>
            <div className={s.column}>{hasPermission(agent, 'read_events') ? <InstrumentTransactions instrumentId={id} /> : null}</div>
            <aside className={s.column} aria-label="Instrument details">
              <InstrumentDetailsSection instrument={instrument.data} />
              <EntityInformationSection instrument={instrument.data} />
              {alertsAllowed ? <AlertsSection query={alerts} offset={alertOffset} onOffset={setAlertOffset} /> : null}
              <InstrumentDocumentsSection instrument={instrument.data} />
              <section className={w.section} aria-labelledby="instrument-comments-title">
                <header className={w.sectionHeader}>
                  <h2 id="instrument-comments-title" className={w.sectionTitle}>
                    Comments
                  </h2>
                </header>
                <CommentThread objectType="INSTRUMENT" objectId={instrument.data.id} />
              </section>
            </aside>
          </div>
        </>
      )}
    </div>
  );
}
