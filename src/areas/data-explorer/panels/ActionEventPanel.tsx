// The 'action-event' right-panel view. Closing is the shell's: ?panel= goes and the rest of the
// address stays, so a panel opened over the explorer's action events list returns to that list.
import { Link } from 'wouter';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { ActionEventDetails } from '../action-event/ActionEventDetails';
import * as s from '../transaction/transaction.styles';

export default function ActionEventPanel({ id }: PanelViewProps) {
  const eventId = id && /^[0-9]+$/.test(id) ? Number(id) : 0;
  if (!eventId) return <p className={s.note}>No action event is selected.</p>;
  return (
    <ActionEventDetails
      id={eventId}
      heading={() => (
        <Link href={`/data-explorer/action-events/${eventId}`} className={s.crumb}>
          Go to Detail Page
        </Link>
      )}
    />
  );
}
