// The 'sar' right-panel view (?panel=sar:{id}): every field of the spec's SAR (name, status badge,
// reviewer, queue, submitted, deadline, case, created, filed in America/New_York, BSA ids, the
// continuing-activity review), its alerts, related SARs and comments, with a link to its page.
import { Link } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useSarQuery } from '../../../api/filings/queries';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { CommentThread } from '../../../features/work';
import { filedAt, longTime } from '../../../lib/time';
import { Fact } from '../../../ui/Facts';
import { tableParts as tp } from '../../../ui/table.recipes';
import { css } from '../../../../styled-system/css';
import { sarPath } from './sar-paths';
import { SarStatusBadge } from './SarStatusBadge';

const s = {
  box: css({ display: 'flex', flexDirection: 'column', gap: '4', p: '4' }),
  title: css({ fontSize: 'md', fontWeight: 'semibold', display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' }),
  facts: css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' }),
  heading: css({ fontSize: 'sm', fontWeight: 'semibold' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' }),
  muted: css({ color: 'muted', fontSize: 'sm' }),
};

export default function SarPanel({ id }: PanelViewProps) {
  const sarId = Number(id);
  const query = useSarQuery(Number.isInteger(sarId) && sarId > 0 ? sarId : 0);
  if (query.isPending)
    return (
      <p className={s.box} role="status">
        Loading SAR…
      </p>
    );
  if (query.isError)
    return (
      <p className={s.box} role="alert">
        {query.error instanceof ApiError && query.error.status === 404 ? 'This SAR was not found.' : 'Failed to fetch SAR.'}
      </p>
    );
  const sar = query.data;
  return (
    <div className={s.box}>
      <h2 className={s.title}>
        <span>{sar.name}</span>
        <SarStatusBadge status={sar.status} />
      </h2>
      <Link href={sarPath(sar.id)} className={tp.link}>
        Open the SAR
      </Link>
      <dl className={s.facts}>
        <Fact label="Reviewer">{sar.reviewer ? `${sar.reviewer.full_name} (${sar.reviewer.email})` : '—'}</Fact>
        <Fact label="Queue">{sar.queue?.title ?? '—'}</Fact>
        <Fact label="Submitted">{sar.submitted ? 'Yes' : 'No'}</Fact>
        <Fact label="Deadline">{sar.deadline ? longTime(sar.deadline) : '—'}</Fact>
        <Fact label="Case">
          {sar.case ? (
            <Link href={`/cases/${sar.case.id}`} className={tp.link}>
              {sar.case.title}
            </Link>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Created">{longTime(sar.created_at)}</Fact>
        <Fact label="Filed">{sar.filed_at ? filedAt(sar.filed_at) : 'Not filed'}</Fact>
        <Fact label="BSA ID">{sar.bsa_id ?? '—'}</Fact>
        <Fact label="BSA tracking ID">{sar.bsa_tracking_id ?? '—'}</Fact>
        <Fact label="Continuing activity review">{sar.car_alert_scheduled_at ? filedAt(sar.car_alert_scheduled_at) : '—'}</Fact>
      </dl>
      <section aria-labelledby="sar-panel-alerts">
        <h3 id="sar-panel-alerts" className={s.heading}>
          Alerts ({sar.alerts.length})
        </h3>
        {sar.alerts.length ? (
          <ul className={s.list}>
            {sar.alerts.map((a) => (
              <li key={a.id}>
                <Link href={`/alerts/${a.id}`} className={tp.link}>
                  {a.title}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.muted}>No alerts.</p>
        )}
      </section>
      <section aria-labelledby="sar-panel-sars">
        <h3 id="sar-panel-sars" className={s.heading}>
          Related SARs ({sar.sars.length})
        </h3>
        {sar.sars.length ? (
          <ul className={s.list}>
            {sar.sars.map((r) => (
              <li key={r.id}>
                <Link href={sarPath(r.id)} className={tp.link}>
                  {r.name}
                </Link>{' '}
                <SarStatusBadge status={r.status} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.muted}>No other SAR was filed from this case.</p>
        )}
      </section>
      <section aria-labelledby="sar-panel-comments">
        <h3 id="sar-panel-comments" className={s.heading}>
          Comments
        </h3>
        <CommentThread objectType="SAR" objectId={sar.id} />
      </section>
    </div>
  );
}
