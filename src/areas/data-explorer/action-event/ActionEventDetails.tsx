// The action event's details, shared by /data-explorer/action-events/{id} and the 'action-event'
// right-panel view: event time, action type, formatted data, tags and the Device Signals popover.
import type { ReactNode } from 'react';
import { useColdStorageWait } from '../../../features/cold-storage/cold-storage';
import { longTime } from '../../../lib/time';
import { ColdStorageNotice } from '../../../features/cold-storage/ColdStorageNotice';
import { fieldsFromFormattedData, FieldList, ShowEmptyFieldsToggle, useShowEmptyFields } from '../../../features/field-list/FieldList';
import { ObjectTags } from '../transaction/ObjectTags';
import { DetailState, Section, Stat } from '../transaction/TransactionDetails';
import * as s from '../transaction/transaction.styles';
import { words } from '../transaction/transaction.utils';
import { actionEventKeys } from '../../../api/action-events/keys';
import { useActionEventQuery, type ActionEvent } from '../../../api/action-events/queries';
import { DeviceSignalsPopover } from './DeviceSignalsPopover';

/** Not in the spec: the retry state's text. */
export const ACTION_EVENT_FAILED = 'Failed to load action event.';

export function ActionEventDetails({ id, heading }: { id: number; heading?: (e: ActionEvent) => ReactNode }) {
  const query = useActionEventQuery(id);
  // a cold event shows its stub until it is back; then the lists showing it refetch
  const coldStorage = useColdStorageWait({
    queryKey: actionEventKeys.detail(id),
    dataLoader: query.data?.data_loader,
    subject: 'this action event',
    related: [['data-explorer'], ['entities']],
  });
  const [showEmpty, setShowEmpty] = useShowEmptyFields();
  if (!query.data) return <DetailState query={query} noun="action event" id={id} failed={ACTION_EVENT_FAILED} />;
  const e = query.data;
  return (
    <div className={s.body}>
      {heading?.(e)}
      <ColdStorageNotice wait={coldStorage} />
      <div className={s.summary}>
        <Stat label="Event time">
          <time dateTime={e.event_time}>{longTime(e.event_time)}</time>
        </Stat>
        <Stat label="Action type">{words(e.action_type)}</Stat>
        <Stat label="Event ID">
          <span className={s.mono}>{e.external_id}</span>
        </Stat>
      </div>
      <div>
        <DeviceSignalsPopover actionEventId={e.id} />
      </div>
      <ShowEmptyFieldsToggle showEmpty={showEmpty} onChange={setShowEmpty} />
      <Section title="Details">
        <FieldList
          label="Action event fields"
          fields={fieldsFromFormattedData(e.formatted_data, undefined, { object_type: 'ACTION_EVENT', object_id: e.id })}
          showEmpty={showEmpty}
        />
      </Section>
      <Section title="Tags">
        <ObjectTags objectType="ACTION_EVENT" objectId={e.id} externalId={e.external_id} tags={e.tags} />
      </Section>
    </div>
  );
}
