// The entity's check transactions that carry images (GET /entities/{externalId}/check-image-transactions).
// "There are no check images" when it has none; "There is no valid transactions with check images"
// when its check transactions carry documents but none of them is an image that can be shown.
import { Section } from '../../../ui/Section';
import { Link } from 'wouter';
import { compactTime } from '../../../lib/time';
import { useCheckTransactionsQuery } from '../../../api/documents/queries';
import { type TransactionEvent } from '../../../api/transactions/queries';
import { CHECK_IMAGES_FAILED, NO_CHECK_IMAGES, NO_VALID_CHECK_IMAGES } from './entity.constants';
import * as s from './entity.styles';
import { cx } from '../../../../styled-system/css';
import { tableParts as tp } from '../../../ui/table.recipes';
import { formatAmount } from './entity.utils';
import { TableEmpty, LoadError } from '../../../ui/DataTable';
import { LoadingState } from '../../../ui/LoadingState';

const isImage = (mime: string) => mime.toLowerCase().startsWith('image/');

export function validCheckTransactions(events: readonly TransactionEvent[]): TransactionEvent[] {
  return events.filter((t) => t.documents.some((d) => isImage(d.mime_type)));
}

export function CheckImagesSection({ externalId }: { externalId: string }) {
  const q = useCheckTransactionsQuery(externalId);
  const valid = q.data ? validCheckTransactions(q.data.txn_events) : [];
  return (
    <Section id="check-images-title" title="Check images" bare>
      {q.isPending ? (
        <LoadingState label="Loading check images" />
      ) : q.isError ? (
        <LoadError message={CHECK_IMAGES_FAILED} onRetry={() => void q.refetch()} />
      ) : q.data.txn_events.length === 0 ? (
        <TableEmpty>{NO_CHECK_IMAGES}</TableEmpty>
      ) : valid.length === 0 ? (
        <TableEmpty>{NO_VALID_CHECK_IMAGES}</TableEmpty>
      ) : (
        <ul className={s.list} aria-label="Check transactions with images">
          {valid.map((t) => (
            <li key={t.id} className={s.listItem}>
              <Link href={`/data-explorer/transactions/${t.id}`} className={cx(tp.link, tp.mono)}>
                {t.external_id}
              </Link>
              <span className={s.secondary}>
                {`${formatAmount(t.amount, t.currency)} · ${compactTime(t.event_time)} · ${t.documents.filter((d) => isImage(d.mime_type)).length} images`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
