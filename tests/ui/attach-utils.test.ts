import { describe, expect, it } from 'vitest';
import { ATTACH_ACCEPT, attachProblem, attachmentMime } from '../../src/features/documents/attach.utils';

describe('attaching a document: the type sent and what is refused before sending', () => {
  it("takes the browser's type when the server keeps it", () => {
    expect(attachmentMime({ name: 'scan', type: 'image/png' })).toBe('image/png');
    expect(attachmentMime({ name: 'Statement.PDF', type: 'application/pdf' })).toBe('application/pdf');
  });

  it('falls back on the extension when the browser reports another type or none', () => {
    expect(attachmentMime({ name: 'ledger.csv', type: 'application/vnd.ms-excel' })).toBe('text/csv');
    expect(attachmentMime({ name: 'notes.TXT', type: '' })).toBe('text/plain');
    expect(attachmentMime({ name: 'photo.jpg', type: '' })).toBe('image/jpeg');
    expect(attachmentMime({ name: 'book.xlsx', type: '' })).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(attachmentMime({ name: 'archive.zip', type: 'application/zip' })).toBeNull();
    expect(attachmentMime({ name: 'no-extension', type: '' })).toBeNull();
  });

  it('refuses another type, an empty file and one over 10 MiB with the texts the server uses', () => {
    expect(attachProblem({ name: 'archive.zip', type: 'application/zip', size: 10 })).toBe(
      'Attach a PNG, JPEG, WebP or GIF image, a PDF, a CSV or text file, or an Excel workbook.',
    );
    expect(attachProblem({ name: 'empty.txt', type: 'text/plain', size: 0 })).toBe('The file is empty.');
    expect(attachProblem({ name: 'big.pdf', type: 'application/pdf', size: 10 * 2 ** 20 + 1 })).toBe('The file is larger than 10 MiB.');
    expect(attachProblem({ name: 'ok.pdf', type: 'application/pdf', size: 10 * 2 ** 20 })).toBeNull();
  });

  it('offers every kept type in the file picker', () => {
    for (const part of ['.png', '.pdf', '.csv', '.xlsx', 'image/webp', 'text/plain']) expect(ATTACH_ACCEPT.split(',')).toContain(part);
  });
});
