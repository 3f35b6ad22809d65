// /instruments/{id} (the internal id; device links land here too): the instrument's header with
// its status actions and Create alert, its transactions, and beside them Instrument Details, Entity Information,
// its alerts, documents and comments.
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { useAgent } from '../../../app/auth/auth-context';
import { rememberRecent } from '../../../app/palette';
import { hasPermission } from '../../../lib/permissions';
import { LoadError } from '../../../ui/DataTable';
import { LoadingState } from '../../../ui/LoadingState';
import { DetailColumns, DetailMissing, DetailPage } from '../../../ui/DetailPage';
import { detailHeader } from '../../../ui/detail.recipes';
import { Section } from '../../../ui/Section';
import { CommentThread } from '../../../features/work';
import * as s from '../entity/entity.styles';
import { humanise } from '../entity/entity.utils';
import { AlertsSection } from '../entity/EntityAlerts';
import { parseEntityId } from '../entity/use-entity-page';
import { useInstrumentAlertsQuery, useInstrumentQuery } from '../../../api/instruments/queries';
import { INSTRUMENT_FAILED } from './instrument.constants';
import { CreateAlertAction } from '../create-alert/CreateAlertAction';
import { InstrumentActions } from './InstrumentActions';
import { EntityInformationSection, InstrumentDetailsSection, InstrumentDocumentsSection, InstrumentStatusBadge } from './InstrumentSections';
import { InstrumentTransactions } from './InstrumentTransactions';

const h = detailHeader({ kind: 'record' });

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
    <DetailPage trail={[{ href: '/data-explorer', label: 'Data explorer' }]} current={data ? data.external_id : `Instrument ${rawId}`}>
      {notFound ? (
        <DetailMissing title="Instrument not found" text={`Instrument ${rawId} does not exist or you may not open it.`} kind="record" />
      ) : instrument.isPending ? (
        <LoadingState label="Loading the instrument" />
      ) : instrument.isError ? (
        <LoadError message={INSTRUMENT_FAILED} onRetry={() => void instrument.refetch()} />
      ) : (
        <>
          <header className={h.root}>
            <div className={h.titleRow}>
              <div className={h.titleBlock}>
                <h1 className={h.title}>{instrument.data.external_id}</h1>
                <span className={s.secondary}>{`${humanise(instrument.data.instrument_type)} · Instrument ${instrument.data.id}`}</span>
              </div>
              <div className={s.inlineLinks}>
                <InstrumentStatusBadge status={instrument.data.status} />
                <InstrumentActions instrument={instrument.data} />
                <CreateAlertAction
                  subject={{
                    type: 'INSTRUMENT',
                    id: instrument.data.id,
                    label: `${instrument.data.external_id} · ${humanise(instrument.data.instrument_type)}`,
                  }}
                />
              </div>
            </div>
          </header>
          <DetailColumns
            main={hasPermission(agent, 'read_events') ? <InstrumentTransactions instrumentId={id} /> : null}
            sideLabel="Instrument details"
            side={
              <>
                <InstrumentDetailsSection instrument={instrument.data} />
                <EntityInformationSection instrument={instrument.data} />
                {alertsAllowed ? <AlertsSection query={alerts} offset={alertOffset} onOffset={setAlertOffset} /> : null}
                <InstrumentDocumentsSection instrument={instrument.data} />
                <Section id="instrument-comments-title" title="Comments" bare>
                  <CommentThread objectType="INSTRUMENT" objectId={instrument.data.id} />
                </Section>
              </>
            }
          />
        </>
      )}
    </DetailPage>
  );
}
