import { inflateSync } from 'node:zlib';

/**
 * The text drawn on a PDF's pages, as far as our reports need it read back: every content stream
 * (inflated when compressed), every TJ/Tj string operand (pdfkit writes hex strings of the
 * standard fonts' WinAnsi codes), one line per text operator.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  // The stream's bytes are the dictionary's /Length after the "stream" line: compressed data may
  // itself end in a carriage return, which a pattern up to "endstream" would take as the line break.
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  for (const match of raw.matchAll(streams)) {
    const start = match.index + match[0].length;
    // the stream's own dictionary ends the match (a lazy << may begin at an earlier object)
    const length = [...match[1].matchAll(/\/Length (\d+)( \d+ R)?/g)].at(-1);
    const direct = length && !length[2] ? start + Number(length[1]) : -1;
    const end = direct >= 0 && /^\r?\n?endstream/.test(raw.slice(direct, direct + 12)) ? direct : raw.indexOf('endstream', start);
    const body = Buffer.from(raw.slice(start, end), 'latin1');
    let content: string;
    try {
      content = (match[1].includes('/FlateDecode') ? inflateSync(body) : body).toString('latin1');
    } catch {
      continue; // not a content stream we can read (fonts, images)
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]) : [op[2]];
      lines.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
