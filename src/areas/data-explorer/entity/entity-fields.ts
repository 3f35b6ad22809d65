// The fields of an entity as the details list shows them: its native fields, then its formatted data
// (customer-supplied fields, labelled by their data settings, in label order).
import { fieldsFromFormattedData, type FieldItem } from '../../../features/field-list/FieldList';
import type { Entity } from '../../../api/entities/queries';
import type { Instrument } from '../../../api/instruments/queries';
import { humanise, type Tone } from './entity.utils';

// Instants stay ISO strings: the field list shows them in the agent's zone.
const text = (value: string | null) => (value ? humanise(value) : null);

export function entityFields(entity: Entity): FieldItem[] {
  return [
    { key: 'internal_status', label: 'Internal status', value: text(entity.internal_status) },
    { key: 'created_at', label: 'Created', value: entity.created_at },
    { key: 'registered_at', label: 'Registered', value: entity.registered_at },
    { key: 'last_seen', label: 'Last seen', value: entity.last_seen },
    { key: 'last_blocked_at', label: 'Last blocked', value: entity.last_blocked_at },
    { key: 'org_type', label: 'Organisation type', value: text(entity.org_type) },
    { key: 'action_reason', label: 'Action reason', value: entity.action_reason },
    { key: 'geolocations', label: 'Geolocations', value: entity.geolocations.map((g) => g.geolocation_string).join('; ') },
    { key: 'tags', label: 'Tags', value: entity.tags.map((t) => t.title).join(', ') },
    ...fieldsFromFormattedData(entity.formatted_data, undefined, { object_type: 'ENTITY', object_id: entity.id }),
  ];
}

export function instrumentFields(instrument: Instrument): FieldItem[] {
  return [
    { key: 'instrument_type', label: 'Type', value: text(instrument.instrument_type) },
    { key: 'status', label: 'Status', value: text(instrument.status) },
    { key: 'created_at', label: 'Created', value: instrument.created_at },
    { key: 'tags', label: 'Tags', value: instrument.tags.map((t) => t.title).join(', ') },
    ...fieldsFromFormattedData(instrument.formatted_data, undefined, { object_type: 'INSTRUMENT', object_id: instrument.id }),
  ];
}

export const INSTRUMENT_STATUS_TONE: Record<Instrument['status'], Tone> = { active: 'success', locked: 'warning', deactivated: 'error' };
