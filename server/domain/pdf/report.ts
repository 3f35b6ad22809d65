import PDFDocument from 'pdfkit';
import { pdfText } from './text.js';

/**
 * A printable report of one object: a summary of fields, tables of linked objects and the comment
 * thread, on as many pages as it takes, each with a footer naming the object and the page.
 */

export interface ReportTable {
  title: string;
  columns: string[];
  /** relative column widths; equal when left out */
  widths?: number[];
  rows: string[][];
  /** how many exist in all, when the rows are capped */
  total?: number;
}

export interface ReportComment {
  author: string;
  created_at: string;
  content: string;
}

export interface Report {
  /** "Alert 123", also the footer's name of the object */
  name: string;
  title: string;
  summary: Array<[label: string, value: string]>;
  description?: string | null;
  tables: ReportTable[];
  comments: ReportComment[];
}

export interface RenderOptions {
  /** Deflate page content (default true); tests may turn it off to read the text back. */
  compress?: boolean;
  generatedAt?: Date;
}

const MARGIN = 50;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';

function heading(doc: PDFKit.PDFDocument, text: string) {
  if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(INK).text(pdfText(text));
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.5);
}

function summary(doc: PDFKit.PDFDocument, fields: Report['summary']) {
  const width = doc.page.width - 2 * MARGIN;
  doc.table({
    columnStyles: [width * 0.28, width * 0.72],
    defaultStyle: { border: 0, padding: [2, 4] },
    data: fields.map(([label, value]) => [
      { text: pdfText(label), font: { src: 'Helvetica-Bold', size: 9 }, textColor: MUTED },
      { text: pdfText(value), font: { src: 'Helvetica', size: 10 }, textColor: INK },
    ]),
  });
}

function table(doc: PDFKit.PDFDocument, t: ReportTable) {
  heading(doc, t.total !== undefined && t.total > t.rows.length ? `${t.title} (first ${t.rows.length} of ${t.total})` : `${t.title} (${t.rows.length})`);
  if (!t.rows.length) {
    doc.font('Helvetica-Oblique').fontSize(10).fillColor(MUTED).text('None');
    return;
  }
  const width = doc.page.width - 2 * MARGIN;
  const weights = t.widths ?? t.columns.map(() => 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  doc.table({
    columnStyles: weights.map((w) => (width * w) / sum),
    defaultStyle: { border: { top: 0, right: 0, bottom: 0.5, left: 0 }, borderColor: RULE, padding: [3, 4] },
    data: [
      t.columns.map((c) => ({ text: pdfText(c), font: { src: 'Helvetica-Bold', size: 9 }, textColor: MUTED, type: 'TH' as const })),
      ...t.rows.map((row) => row.map((cell) => ({ text: pdfText(cell), font: { src: 'Helvetica', size: 9 }, textColor: INK }))),
    ],
  });
  doc.x = MARGIN;
}

function comments(doc: PDFKit.PDFDocument, list: ReportComment[]) {
  heading(doc, `Comments (${list.length})`);
  if (!list.length) {
    doc.font('Helvetica-Oblique').fontSize(10).fillColor(MUTED).text('None');
    return;
  }
  for (const c of list) {
    if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(MUTED)
      .text(pdfText(`${c.author} - ${c.created_at}`));
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(pdfText(c.content)).moveDown(0.6);
  }
}

/** Page numbers go on after layout, when the page count is known. */
function footers(doc: PDFKit.PDFDocument, name: string, generated: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // writing inside the bottom margin would otherwise start a new page
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(pdfText(`Vigil - ${name} - generated ${generated} - page ${i + 1} of ${range.count}`), MARGIN, doc.page.height - 35, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

export function renderReport(report: Report, options: RenderOptions = {}): Promise<Buffer> {
  const generated = `${(options.generatedAt ?? new Date()).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: pdfText(`${report.name}: ${report.title}`), Creator: 'Vigil', Producer: 'Vigil' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(pdfText(report.name.toUpperCase()));
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(pdfText(report.title)).moveDown(0.5);
  summary(doc, report.summary);
  if (report.description) {
    heading(doc, 'Description');
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(pdfText(report.description));
  }
  for (const t of report.tables) table(doc, t);
  comments(doc, report.comments);
  footers(doc, report.name, generated);
  doc.end();
  return done;
}
