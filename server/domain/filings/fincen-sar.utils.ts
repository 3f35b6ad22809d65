import { US_ADDRESS_COUNTRIES } from './fincen-codes.js';

/**
 * How a value becomes the text of a FinCEN element. The SAR writer and prefiling validation share
 * these, so that prefiling measures exactly what the writer will write: a value prefiling passes is
 * never longer, in the batch, than the schema allows.
 */

/** The narrative's blocks: FinCEN numbers them 1 to 5 (characters 1-4000, 4001-8000, ..., 16001-17000). */
export const NARRATIVE_PART_LENGTH = 4000;
export const NARRATIVE_MAX_PARTS = 5;
export const NARRATIVE_MAX_LENGTH = 17_000;

/** Characters XML 1.0 cannot carry, and the C1 controls FinCEN counts as non-printable. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWRITABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** XML Schema's `\s` (space, tab, line feed, carriage return): FinCEN's strings hold none but single inner spaces. */
const SPACES = /[ \t\n\r]+/g;
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * A value as FinCEN's restricted strings take it (the schema's pattern `\S+( +\S+)*`): no characters
 * XML cannot carry, no tabs or line breaks, single spaces, no leading or trailing space. '' when the
 * value is missing or blank.
 */
export function fincenText(value: string | null | undefined): string {
  if (value == null) return '';
  return value.replace(UNWRITABLE, '').replace(SPACES, ' ').trim();
}

/** A code (country, state): its text in capitals. */
export const fincenCode = (value: string | null | undefined): string => fincenText(value).toUpperCase();

/**
 * The narrative as written: its paragraphs kept (line feeds; a carriage return and line feed becomes
 * one line feed), tabs as spaces, characters XML cannot carry dropped, and the ends trimmed.
 */
export function fincenNarrative(value: string | null | undefined): string {
  if (value == null) return '';
  return value.replace(UNWRITABLE, '').replace(/\r\n?/g, '\n').replace(/\t/g, ' ').trim();
}

/** The length the schema counts: characters (code points), a character outside the BMP counting once. */
export function charLength(value: string): number {
  if (!SURROGATE.test(value)) return value.length;
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/**
 * The narrative in FinCEN's blocks of 4,000 characters, cut at exactly every 4,000th character so
 * that the blocks, joined, are the narrative (a pair of surrogates is never cut). A narrative longer
 * than FinCEN's 17,000 characters is refused by prefiling; this never shortens one.
 */
export function narrativeParts(narrative: string): string[] {
  const parts: string[] = [];
  if (!SURROGATE.test(narrative)) {
    for (let i = 0; i < narrative.length; i += NARRATIVE_PART_LENGTH) parts.push(narrative.slice(i, i + NARRATIVE_PART_LENGTH));
    return parts;
  }
  let start = 0;
  let count = 0;
  for (let i = 0; i < narrative.length;) {
    if (count === NARRATIVE_PART_LENGTH) {
      parts.push(narrative.slice(start, i));
      start = i;
      count = 0;
    }
    const c = narrative.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
    count++;
  }
  if (start < narrative.length) parts.push(narrative.slice(start));
  return parts;
}

/**
 * Whole dollars as FinCEN asks: cents rounded up to the next dollar ($5,265.25 is 5266). The amount is
 * first taken to the cent, so that binary fractions (0.1 + 0.2) do not add a dollar.
 */
export function wholeDollars(amount: number): number {
  if (Math.abs(amount) >= 1e13) return Math.ceil(amount);
  return Math.ceil(Math.round(amount * 100) / 100);
}

/** A TIN as FinCEN records it: without the hyphens and spaces people write in it. */
export const fincenTin = (tin: string | null | undefined): string => fincenText(tin).replace(/[- ]/g, '');

/** A phone number as FinCEN records it: its digits only. */
export const fincenPhone = (phone: string | null | undefined): string => (phone ?? '').replace(/\D/g, '');

/** A postal code: a US ZIP (and a US territory's) without its hyphen or spaces; others as written. */
export function fincenZip(zip: string | null | undefined, country: string): string {
  const text = fincenText(zip);
  return US_ADDRESS_COUNTRIES.has(country) ? text.replace(/[- ]/g, '') : text;
}

/** `YYYY-MM-DD` as FinCEN's `YYYYMMDD`. */
export const fincenDate = (date: string): string => date.replaceAll('-', '');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const NEEDS_ESCAPE = /[&<>]/;

/** Text content escaped for XML (values never go into attributes). */
export function xmlEscape(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(/[&<>]/g, (c) => ESCAPES[c] ?? c) : text;
}
