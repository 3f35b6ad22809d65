import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './helpers/pdf-text.js';

/** The PDF reader the report tests rely on. */

const hex = (s: string) => Buffer.from(s, 'latin1').toString('hex');

function pdfWith(text: string): Buffer {
  const data = deflateSync(Buffer.from(`BT <${hex(text)}> Tj ET`, 'latin1'));
  const head = Buffer.from(
    `%PDF-1.3\n1 0 obj\n<< /Type /Page /Resources << /Font << >> >> >>\nendobj\n2 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`,
    'latin1',
  );
  return Buffer.concat([head, data, Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1')]);
}

describe('pdfText', () => {
  it('reads a compressed stream whose last byte is a carriage return', () => {
    // find a text whose compressed form ends in \r, the case a pattern up to "endstream" misread
    let text = '';
    for (let i = 0; ; i++) {
      text = `Case title ${i}`;
      const data = deflateSync(Buffer.from(`BT <${hex(text)}> Tj ET`, 'latin1'));
      if (data[data.length - 1] === 0x0d) break;
    }
    expect(pdfText(pdfWith(text))).toBe(text);
  });

  it('reads an ordinary compressed stream', () => {
    expect(pdfText(pdfWith('Alerts (3)'))).toBe('Alerts (3)');
  });
});
