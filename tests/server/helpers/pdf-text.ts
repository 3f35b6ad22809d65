import { inflateSync } from 'node:zlib';

/**
 * The text drawn on a PDF's pages, as far as our reports need it read back: every content stream
 * (inflated when compressed), every TJ/Tj string operand (pdfkit writes hex strings of the
 * standard fonts' WinAnsi codes), one line per text operator.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n([^]*?)\r?\nendstream/g;
  for (const match of raw.matchAll(streams)) {
    const body = Buffer.from(match[2], 'latin1');
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
