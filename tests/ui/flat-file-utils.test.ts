// The pure rules of the flat-file screens: the upload form's checks, a column's target as a select
// value, the mapping's warnings, the error groups (unknown errors capped at 10), file names and links.
import { describe, expect, it } from 'vitest';
import { errorsFileName, groupErrors, mappingHref, UNKNOWN_ERRORS_SHOWN } from '../../src/areas/data-management/flat-files/panel/flat-file-errors.utils';
import { uploadFormErrors } from '../../src/areas/data-management/flat-files/upload.utils';
import { columnInput, doubledNativeFields, missingRequired, targetValue } from '../../src/areas/data-management/stream-mapping/stream-mapping.utils';
import type { FlatFileError } from '../../src/api/flat-files/queries';

const csv = (size: number) => ({ size }) as File;
const error = (type: FlatFileError['type'], row: number, count = 1): FlatFileError => ({
  type,
  row_number: row,
  count,
  value: null,
  raw_data: null,
  columns: [],
  annotation: null,
  annotation_type: null,
  transformation: null,
});

describe('upload form', () => {
  it('needs a non-empty file of at most 1 GB and a stream name of the contract', () => {
    expect(uploadFormErrors({ file: null, stream: '' })).toEqual({ file: 'Choose a CSV file.', stream: 'Stream is required.' });
    expect(uploadFormErrors({ file: csv(0), stream: 'a b' }).file).toBe('The file is empty.');
    expect(uploadFormErrors({ file: csv(1_073_741_825), stream: 'ok' }).file).toBe('The file is larger than 1 GB.');
    expect(uploadFormErrors({ file: csv(1_073_741_824), stream: 'a b' })).toEqual({ stream: 'Letters, digits, underscore, dot or dash; up to 64.' });
    expect(uploadFormErrors({ file: csv(10), stream: 'core_banking.v2-daily' })).toEqual({});
  });
});

describe('stream mapping', () => {
  it('round-trips a target through its select value', () => {
    for (const input of [
      { column: 'amt', target: 'native', native_field: 'amount' },
      { column: 'fee', target: 'data_setting', data_setting_id: 42 },
      { column: 'x', target: 'ignored' },
    ] as const) {
      const value = targetValue({
        target: input.target,
        native_field: ('native_field' in input && input.native_field) || null,
        data_setting_id: ('data_setting_id' in input && input.data_setting_id) || null,
      });
      expect(columnInput(input.column, value)).toEqual(input);
    }
  });
  it('names native fields filled twice and required fields no column fills', () => {
    const values = { a: 'native:amount', b: 'native:amount', c: 'setting:3', d: 'ignored' };
    expect(doubledNativeFields(values)).toEqual(['amount']);
    const fields = [
      { field: 'amount', label: 'Amount', required: true, data_type: 'number' as const },
      { field: 'external_id', label: 'Transaction id', required: true, data_type: 'text' as const },
      { field: 'currency', label: 'Currency', required: false, data_type: 'enum' as const },
    ];
    expect(missingRequired({ native_fields: fields }, values)).toEqual(['Transaction id']);
  });
});

describe('error groups', () => {
  it('keeps the catalogue order, counts from the summary, and shows at most 10 unknown errors', () => {
    const read = {
      annotation_transformation_exceptions: [error('mapping_error', 4), error('transformation_error', 2)],
      unhandled_exceptions: Array.from({ length: 14 }, (_, i) => error('unknown_error', 10 + i)),
    };
    const summary = {
      annotation_transformation_exceptions: [error('transformation_error', 2, 40), error('mapping_error', 4, 1)],
      unhandled_exceptions: [error('unknown_error', 10, 300)],
    };
    const groups = groupErrors(read, summary);
    expect(groups.map((g) => [g.label, g.total, g.shown.length])).toEqual([
      ['Transformation errors', 40, 1],
      ['Mapping errors', 1, 1],
      ['Unknown errors', 300, UNKNOWN_ERRORS_SHOWN],
    ]);
    expect(UNKNOWN_ERRORS_SHOWN).toBe(10);
  });
  it('names the download and links to the stream mapping', () => {
    expect(errorsFileName({ id: 3, file_name: 'payments.2026.csv' })).toBe('payments.2026-errors.json');
    expect(mappingHref({ stream: 'core', object_type: 'action_events' })).toBe(
      '/data-management/data-mapping?tab=stream-mapping&stream=core&object=action_events',
    );
  });
});
