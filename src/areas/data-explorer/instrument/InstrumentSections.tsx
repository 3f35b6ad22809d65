// The instrument's sections, shared by its page and its panel: Instrument Details (fields with
// Show/Hide Empty Fields), Entity Information (the owner), and its documents (chips opening the
// Document viewer, the list, and Attach document for agents who may edit instruments).
import { Link } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { compactTime } from '../../../lib/time';
import { hasPermission } from '../../../lib/permissions';
import * as w from '../../../features/work/work.styles';
import { useEntityQuery } from '../../../api/entities/queries';
import { NO_DOCUMENTS } from '../entity/entity.constants';
import { INSTRUMENT_STATUS_TONE, instrumentFields } from '../entity/entity-fields';
import * as s from '../entity/entity.styles';
import { humanise } from '../entity/entity.utils';
import { AttachDocumentButton } from '../../../features/documents/AttachDocument';
import { DocumentChipsWithViewer, useCanChangeDocuments } from '../../../features/documents/DocumentsSection';
import { RiskScore } from '../../../features/risk';
import { DetailsFields, TabEmpty, TabError, TabLoading, ToneBadge } from '../entity/parts';
import { type Instrument } from '../../../api/instruments/queries';

function Section({ id, title, actions, children }: { id: string; title: string; actions?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className={w.section} aria-labelledby={id}>
      <header className={w.sectionHeader}>
        <h2 id={id} className={w.sectionTitle}>
          {title}
        </h2>
        {actions}
      </header>
      {children}
    </section>
  );
}

export function InstrumentStatusBadge({ status }: { status: Instrument['status'] }) {
  return <ToneBadge tone={INSTRUMENT_STATUS_TONE[status]}>{humanise(status)}</ToneBadge>;
}

export function InstrumentDetailsSection({ instrument }: { instrument: Instrument }) {
  return (
    <Section id={`instrument-${instrument.id}-details`} title="Instrument Details">
      <DetailsFields fields={instrumentFields(instrument)} label="Instrument fields" />
    </Section>
  );
}

function OwnerBody({ entityId }: { entityId: number }) {
  const agent = useAgent();
  const entity = useEntityQuery(entityId);
  if (entity.isPending) return <TabLoading label="Loading the entity" />;
  if (entity.isError) return <TabError message="Failed to retrieve entity." onRetry={() => void entity.refetch()} />;
  const e = entity.data;
  return (
    <dl className={`${s.compactFacts} ${s.sectionBody}`}>
      <div className={s.fact}>
        <dt className={s.factLabel}>Name</dt>
        <dd className={s.factValue}>
          <Link href={`/entities/${e.id}`} className={s.rowLink}>
            {e.name_readable}
          </Link>
        </dd>
      </div>
      <div className={s.fact}>
        <dt className={s.factLabel}>External ID</dt>
        <dd className={`${s.factValue} ${s.mono}`}>{e.external_id}</dd>
      </div>
      <div className={s.fact}>
        <dt className={s.factLabel}>Type</dt>
        <dd className={s.factValue}>{e.entity_type === 'business' ? 'Business' : 'User'}</dd>
      </div>
      <div className={s.fact}>
        <dt className={s.factLabel}>Status</dt>
        <dd className={s.factValue}>{humanise(e.status)}</dd>
      </div>
      {agent.feature_flags.includes('risk_score_display') ? (
        <div className={s.fact}>
          <dt className={s.factLabel}>Risk score</dt>
          <dd className={s.factValue}>
            <RiskScore externalId={e.external_id} fallback={e.risk_score} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export function EntityInformationSection({ instrument }: { instrument: Instrument }) {
  const agent = useAgent();
  return (
    <Section id={`instrument-${instrument.id}-owner`} title="Entity Information">
      {instrument.entity_id === null ? (
        <TabEmpty>No information to display</TabEmpty>
      ) : hasPermission(agent, 'read_entities') ? (
        <OwnerBody entityId={instrument.entity_id} />
      ) : (
        <TabEmpty>You may not view entities.</TabEmpty>
      )}
    </Section>
  );
}

export function InstrumentDocumentsSection({ instrument }: { instrument: Instrument }) {
  const canChange = useCanChangeDocuments('INSTRUMENT');
  const owner = { type: 'INSTRUMENT', id: instrument.id } as const;
  return (
    <Section id={`instrument-${instrument.id}-documents`} title="Documents" actions={canChange ? <AttachDocumentButton owner={owner} /> : null}>
      {instrument.documents.length === 0 ? (
        <TabEmpty>{NO_DOCUMENTS}</TabEmpty>
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
