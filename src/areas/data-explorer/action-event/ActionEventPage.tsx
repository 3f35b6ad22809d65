// The route /data-explorer/action-events/{id}, with the way back to the action events list.
import { Link } from 'wouter';
import { SectionHeadingLevel } from '../transaction/TransactionDetails';
import * as s from '../transaction/transaction.styles';
import { ActionEventDetails } from './ActionEventDetails';

export function ActionEventPage({ id }: { id: string }) {
  const eventId = /^[0-9]+$/.test(id) ? Number(id) : 0;
  return (
    <div className={s.page}>
      <div className={s.header}>
        <Link href="/data-explorer?tab=action-events" className={s.crumb}>
          ← Action events
        </Link>
      </div>
      {eventId > 0 ? (
        <SectionHeadingLevel.Provider value={2}>
          <ActionEventDetails id={eventId} heading={(e) => <h1 className={s.title}>{`Action event ${e.external_id}`}</h1>} />
        </SectionHeadingLevel.Provider>
      ) : (
        <p className={s.note}>{`The action event ${id} does not exist or you may not open it.`}</p>
      )}
    </div>
  );
}
