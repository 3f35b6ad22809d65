// @vitest-environment jsdom
// Reveal of censored-but-viewable fields against the real server: the analyst (no grant on annual
// income) sees the mask with Reveal, gets the value from the server on request (audited), can hide
// it again; encrypted fields offer no Reveal; a refused reveal says "Failed to reveal field.".
import './setup-dom';
import './fetch-stub';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/api/entities/queries';
import { entityFields } from '../../src/areas/data-explorer/entity/entity-fields';
import { CustomDataTab } from '../../src/areas/alerts/detail/tabs/SimpleTabs';
import { FieldList, formatFieldValue } from '../../src/features/field-list/FieldList';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

let server: WorkServer;
let entity: Entity;
let income: { id: number; value: number };

beforeAll(async () => {
  server = await startWorkServer('analyst@demo.test');
  const [row] = await server.sql<{ entity_id: number; setting_id: number; value: number }>(
    `select e.id as entity_id, d.id as setting_id, (e.formatted_data -> d.id::text ->> 'formatted_value')::float8 as value from data_settings d join entities e on e.org_id = d.org_id and e.formatted_data ? d.id::text join data_settings s on s.org_id = d.org_id and s.key_path = 'entity.ssn_last4' and e.formatted_data ? s.id::text where d.org_id = 1 and d.key_path = 'entity.annual_income' order by e.id limit 1`,
  );
  income = { id: row.setting_id, value: row.value };
  entity = (await server.api('GET', `/api/entities/${row.entity_id}`)).json;
});
afterEach(cleanup);
afterAll(() => server.close());

describe('reveal of a censored-but-viewable field', () => {
  it('shows the mask with Reveal, then the server value, then the mask again on Hide; the reveal is audited', async () => {
    expect(entity.formatted_data[String(income.id)]).toMatchObject({ formatted_value: '••••••', revealable: true });
    renderWork(<FieldList label="Entity fields" fields={entityFields(entity)} showEmpty={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal Annual income' }));
    await screen.findByRole('button', { name: 'Hide Annual income' });
    expect(document.querySelector('[data-revealed]')?.textContent).toBe(formatFieldValue(income.value));
    const [audit] = await server.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'censored_field.revealed' and object_type = 'ENTITY' and object_id = '${entity.id}' and (details ->> 'data_setting_id')::int = ${income.id}`,
    );
    expect(audit.n).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Hide Annual income' }));
    await screen.findByRole('button', { name: 'Reveal Annual income' });
    expect(document.querySelector('[data-revealed]')).toBeNull();
  });

  it('offers no Reveal on an encrypted field the analyst may not decrypt', () => {
    renderWork(<FieldList label="Entity fields" fields={entityFields(entity)} showEmpty={false} />);
    expect(screen.queryByRole('button', { name: 'Reveal SSN (last 4)' })).toBeNull();
    expect(screen.getAllByText('Censored').length).toBeGreaterThanOrEqual(2);
  });

  it('says "Failed to reveal field." when the server refuses (the field became censored meanwhile)', async () => {
    await server.sql(`update data_settings set censorship_setting = 'CENSORED' where id = ${income.id}`);
    try {
      renderWork(<FieldList label="Entity fields" fields={entityFields(entity)} showEmpty={false} />);
      fireEvent.click(screen.getByRole('button', { name: 'Reveal Annual income' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to reveal field.'));
      expect(document.querySelector('[data-revealed]')).toBeNull();
    } finally {
      await server.sql(`update data_settings set censorship_setting = 'CENSORED_BUT_VIEWABLE' where id = ${income.id}`);
    }
  });

  it("works on an alert's Custom Data too (an alert may carry a censored field of another classifier)", async () => {
    const [alert] = await server.sql<{ id: number }>(
      `select a.id from alerts a left join queues q on q.id = a.queue_id where a.org_id = 1 and q.access_type is distinct from 'restricted' order by a.id limit 1`,
    );
    await server.sql(
      `update alerts set formatted_data = formatted_data || jsonb_build_object('${income.id}', jsonb_build_object('formatted_value', 'ALERT-SECRET-77')) where id = ${alert.id}`,
    );
    const answer = (await server.api('GET', `/api/alerts/cached/${alert.id}`)).json;
    expect(JSON.stringify(answer)).not.toContain('ALERT-SECRET-77');
    renderWork(<CustomDataTab alert={answer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal Annual income' }));
    await screen.findByRole('button', { name: 'Hide Annual income' });
    expect(document.querySelector('[data-revealed]')?.textContent).toBe('ALERT-SECRET-77');
  });
});
