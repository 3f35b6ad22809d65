// The instrument's sections, shared by its page and its panel: Instrument Details (fields with
// Show/Hide Empty Fields), Entity Information (the owner), and its documents (chips opening the
// Document viewer, the list, and Attach document for agents who may edit instruments).
import { Link } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { compactTime } from '../../../lib/time';
import { hasPermission } from '../../../lib/permissions';
import { useEntityQuery } from '../../../api/entities/queries';
import { NO_DOCUMENTS } from '../entity/entity.constants';
import { INSTRUMENT_STATUS_TONE, instrumentFields } from '../entity/entity-fields';
import * as s from '../entity/entity.styles';
import { cx } from '../../../../styled-system/css';
import { tableParts as tp } from '../../../ui/table.recipes';
import { humanise } from '../entity/entity.utils';
import { AttachDocumentButton } from '../../../features/documents/AttachDocument';
import { DocumentChipsWithViewer, useCanChangeDocuments } from '../../../features/documents/DocumentsSection';
import { Fact } from '../../../ui/Facts';
import { Section } from '../../../ui/Section';
import { RiskScore } from '../../../features/risk';
import { DetailsFields, ToneBadge } from '../entity/parts';
import { TableEmpty, LoadError } from '../../../ui/DataTable';
import { LoadingState } from '../../../ui/LoadingState';
import { type Instrument } from '../../../api/instruments/queries';

export function InstrumentStatusBadge({ status }: { status: Instrument['status'] }) {
  return <ToneBadge tone={INSTRUMENT_STATUS_TONE[status]}>{humanise(status)}</ToneBadge>;
}

export function InstrumentDetailsSection({ instrument }: { instrument: Instrument }) {
  return (
    <Section id={`instrument-${instrument.id}-details`} title="Instrument Details" bare>
      <DetailsFields fields={instrumentFields(instrument)} label="Instrument fields" />
    </Section>
  );
}

function OwnerBody({ entityId }: { entityId: number }) {
  const agent = useAgent();
  const entity = useEntityQuery(entityId);
  if (entity.isPending) return <LoadingState label="Loading the entity" />;
  if (entity.isError) return <LoadError message="Failed to retrieve entity." onRetry={() => void entity.refetch()} />;
  const e = entity.data;
  return (
    <dl className={`${s.compactFacts} ${s.sectionBody}`}>
      <Fact label="Name" className={s.factValue}>
        <Link href={`/entities/${e.id}`} className={tp.link}>
          {e.name_readable}
        </Link>
      </Fact>
      <Fact label="External ID" className={cx(s.factValue, tp.mono)}>
        {e.external_id}
      </Fact>
      <Fact label="Type" className={s.factValue}>
        {e.entity_type === 'business' ? 'Business' : 'User'}
      </Fact>
      <Fact label="Status" className={s.factValue}>
        {humanise(e.status)}
      </Fact>
      {agent.feature_flags.includes('risk_score_display') ? (
        <Fact label="Risk score" className={s.factValue}>
          <RiskScore externalId={e.external_id} fallback={e.risk_score} />
        </Fact>
      ) : null}
    </dl>
  );
}

export function EntityInformationSection({ instrument }: { instrument: Instrument }) {
  const agent = useAgent();
  return (
    <Section id={`instrument-${instrument.id}-owner`} title="Entity Information" bare>
      {instrument.entity_id === null ? (
        <TableEmpty>No information to display</TableEmpty>
      ) : hasPermission(agent, 'read_entities') ? (
        <OwnerBody entityId={instrument.entity_id} />
      ) : (
        <TableEmpty>You may not view entities.</TableEmpty>
      )}
    </Section>
  );
}

export function InstrumentDocumentsSection({ instrument }: { instrument: Instrument }) {
  const canChange = useCanChangeDocuments('INSTRUMENT');
  const owner = { type: 'INSTRUMENT', id: instrument.id } as const;
  return (
    <Section id={`instrument-${instrument.id}-documents`} title="Documents" actions={canChange ? <AttachDocumentButton owner={owner} /> : null} bare>
      {instrument.documents.length === 0 ? (
        <TableEmpty>{NO_DOCUMENTS}</TableEmpty>
      ) : (
        <>
          <DocumentChipsWithViewer documents={instrument.documents} owner={owner} />
          <ul className={s.list} aria-label="Instrument documents">
            {instrument.documents.map((doc) => (
              <li key={doc.id} className={s.listItem}>
                <span>{doc.name}</span>
                <span className={s.secondary}>{`${doc.media_type} · ${compactTime(doc.created_at)}`}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
