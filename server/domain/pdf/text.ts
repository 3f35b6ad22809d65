/** Text for the PDF's standard fonts, and the formats reports print values in. */

/** Characters of Windows-1252 above 0x7F that are not Latin-1: the standard fonts draw these too. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The standard PDF fonts (Helvetica) cover Windows-1252 only. Anything else (other scripts, emoji)
 * is shown as "?" rather than as a wrong glyph; control characters other than line breaks go.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || ch === '\t') out += ch === '\t' ? ' ' : ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code < 0x100 || WIN_ANSI_EXTRAS.has(ch)) out += ch;
    else out += '?';
  }
  return out;
}

/** Mentions are stored as @[Full Name](agent:ID); on paper they read @Full Name. */
export const withoutMentionMarkup = (content: string) => content.replace(/@\[([^\]\n]*)\]\(agent:\d+\)/g, '@$1');

/** 2026-11-01 14:05 UTC */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function formatAmount(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined) return '-';
  const number = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${number} ${currency}` : number;
}

/** TRUE_POSITIVE -> True positive */
export const humanize = (value: string | null | undefined) => (value ? value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, ' ') : '-');

/** Rows of a linked list, capped so one report stays printable. */
export const PDF_ROW_CAP = 100;
export const capped = <T>(list: readonly T[]) => list.slice(0, PDF_ROW_CAP);
