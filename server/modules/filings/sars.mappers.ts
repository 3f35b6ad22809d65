import type { components } from '../../../openapi/schema.js';
import type { Address, SarSubject } from '../../domain/filings/model.js';

/** A SAR subject as stored (the domain's SarSubject) and as the contract writes it (snake_case). */

type S = components['schemas'];
export type StoredSubject = SarSubject;

const address = (a: Address | null): S['FilingAddress'] | null =>
  a && { street: a.street ?? null, city: a.city ?? null, state: a.state ?? null, zip: a.zip ?? null, country: a.country ?? null };

export function fromSubject(s: StoredSubject): S['SarSubject'] {
  return {
    entity_id: s.entityId,
    kind: s.kind,
    last_or_legal_name: s.lastOrLegalName,
    first_name: s.firstName,
    middle_name: s.middleName,
    alternate_name: s.alternateName,
    tin: s.tin,
    tin_type: s.tinType,
    date_of_birth: s.dateOfBirth,
    address: address(s.address),
    phone: s.phone,
    email: s.email,
    occupation: s.occupation,
    accounts: s.accounts,
    relationship: s.relationship,
  };
}

export function toSubject(s: S['SarSubject']): StoredSubject {
  return {
    entityId: s.entity_id,
    kind: s.kind,
    lastOrLegalName: s.last_or_legal_name,
    firstName: s.first_name,
    middleName: s.middle_name,
    alternateName: s.alternate_name,
    tin: s.tin,
    tinType: s.tin_type,
    dateOfBirth: s.date_of_birth,
    address: s.address && { ...s.address },
    phone: s.phone,
    email: s.email,
    occupation: s.occupation,
    accounts: s.accounts.map((a) => ({ number: a.number, closed: a.closed })),
    relationship: s.relationship,
  };
}
