// The transaction's details, shared by the route /data-explorer/transactions/{id} and the right
// panel's 'transaction' view (spec part 2, section 2 "Transaction Details panel").
import { createContext, useContext, type ReactNode } from 'react';
import { ApiError } from '../../../api/errors';
import { useColdStorageWait } from '../../../features/cold-storage/cold-storage';
import { useAgent } from '../../../app/auth/auth-context';
import { longTime } from '../../../lib/time';
import { hasPermission } from '../../../lib/permissions';
import { FieldList, ShowEmptyFieldsToggle, useShowEmptyFields } from '../../../features/field-list/FieldList';
import { LoadingState } from '../../../ui/LoadingState';
import { textLink } from '../../../ui/recipes';
import { ColdStorageNotice } from '../../../features/cold-storage/ColdStorageNotice';
import { CommentThread } from '../../../features/work';
import { transactionKeys } from '../../../api/transactions/keys';
import { useTransactionQuery, type TransactionEvent } from '../../../api/transactions/queries';
import { EvaluationLogs } from './EvaluationLogs';
import { ObjectTags } from './ObjectTags';
import { RiskEvidence } from './RiskEvidence';
import { TransactionDocuments } from './TransactionDocuments';
import { transactionSections } from './transaction-fields';
import * as s from './transaction.styles';
import { formatMoney } from './transaction.utils';

/** Not in the spec: the retry state's text (section 8 says only that detail panels offer a retry). */
export const TRANSACTION_FAILED = 'Failed to load transaction.';

/**
 * The level of the sections' headings: under the panel's title (an h2) they are h3; a page of its
 * own, whose title is its h1, sets 2 so no level is skipped.
 */
export const SectionHeadingLevel = createContext<2 | 3>(3);

export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const Heading = useContext(SectionHeadingLevel) === 2 ? 'h2' : 'h3';
  return (
    <section className={s.section} aria-label={title}>
      <div className={s.sectionHead}>
        <Heading className={s.sectionTitle}>{title}</Heading>
        {action}
      </div>
      {children}
    </section>
  );
}

export function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={s.stat}>
      <span className={s.statLabel}>{label}</span>
      <span className={s.statValue}>{children}</span>
    </div>
  );
}

/** Loading, not found and the retry state of a detail view. */
export function DetailState({
  query,
  noun,
  id,
  failed,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  noun: string;
  id: number;
  failed: string;
}) {
  if (query.isPending) return <LoadingState label={`Loading the ${noun}`} />;
  if (query.error instanceof ApiError && query.error.status === 404)
    return <p className={s.note}>{`The ${noun} ${id} does not exist or you may not open it.`}</p>;
  return (
    <p className={s.error} role="alert">
      {failed}
      <button type="button" className={textLink()} onClick={() => void query.refetch()}>
        Retry
      </button>
    </p>
  );
}

export function TransactionDetails({ id, heading }: { id: number; heading?: (t: TransactionEvent) => ReactNode }) {
  const agent = useAgent();
  const query = useTransactionQuery(id);
  // a cold event shows what its stub holds until it is back; then the lists showing it refetch
  const coldStorage = useColdStorageWait({
    queryKey: transactionKeys.detail(id),
    dataLoader: query.data?.data_loader,
    subject: 'this transaction',
    related: [['data-explorer'], ['entities'], ['alerts', 'detail']],
  });
  const [showEmpty, setShowEmpty] = useShowEmptyFields();
  if (!query.data) return <DetailState query={query} noun="transaction" id={id} failed={TRANSACTION_FAILED} />;
  const t = query.data;
  const sections = transactionSections(t);
  return (
    <div className={s.body}>
      {heading?.(t)}
      <ColdStorageNotice wait={coldStorage} />
      <div className={s.summary}>
        <Stat label="Amount">{formatMoney(t.amount, t.currency)}</Stat>
        <Stat label="Event time">
          <time dateTime={t.event_time}>{longTime(t.event_time)}</time>
        </Stat>
        <Stat label="Event ID">
          <span className={s.mono}>{t.external_id}</span>
        </Stat>
        <Stat label="Risk score">
          <RiskEvidence transactionId={t.id} riskScore={t.risk_score} />
        </Stat>
      </div>
      <ShowEmptyFieldsToggle showEmpty={showEmpty} onChange={setShowEmpty} />
      <Section title="Sending">
        <FieldList label="Sending fields" fields={sections.sending} showEmpty={showEmpty} />
      </Section>
      <Section title="Receiving">
        <FieldList label="Receiving fields" fields={sections.receiving} showEmpty={showEmpty} />
      </Section>
      <Section title="Other">
        <FieldList label="Other fields" fields={sections.other} showEmpty={showEmpty} />
      </Section>
      <Section title="Documents">
        <TransactionDocuments transaction={t} />
      </Section>
      <Section title="Evaluation logs">
        <EvaluationLogs externalId={t.external_id} canReadRules={hasPermission(agent, 'read_rules')} />
      </Section>
      <Section title="Tags">
        <ObjectTags objectType="TRANSACTION" objectId={t.id} externalId={t.external_id} tags={t.tags} />
      </Section>
      <Section title="Comments">
        <CommentThread objectType="TRANSACTION" objectId={t.id} />
      </Section>
    </div>
  );
}
