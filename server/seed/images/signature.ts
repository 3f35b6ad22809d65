import { Rng } from '../rng.js';
import type { Raster, Rgb } from './raster.js';

/** Handwritten-looking parts of the document images: signatures and amounts in words. */

/**
 * A person's signature: a looping stroke whose shape comes from the name alone, so the same person
 * signs the same way on a check's endorsement, their ID card and their account's signature card
 * (and an impostor's signature visibly differs).
 */
export function drawSignature(r: Raster, x: number, y: number, width: number, height: number, name: string, ink: Rgb): void {
  const rng = Rng.named(`signature:${name.toLowerCase()}`);
  const letters = Math.max(4, Math.min(12, name.replace(/[^a-z]/gi, '').length));
  const points: Array<[number, number]> = [];
  const mid = y + height * 0.7;
  // a capital loop first, then one lower hump per letter with a seeded height and lean
  const capital = height * rng.float(0.55, 0.7);
  for (let t = 0; t <= 24; t++) {
    const a = (t / 24) * Math.PI * 2;
    points.push([x + width * 0.06 + Math.sin(a) * width * 0.05, mid - capital / 2 - Math.cos(a) * capital * 0.5]);
  }
  let cx = x + width * 0.08;
  const step = (width * 0.86) / letters;
  for (let k = 0; k < letters; k++) {
    const h = height * rng.float(0.18, 0.5);
    const lean = rng.float(-0.2, 0.35) * step;
    for (let t = 1; t <= 8; t++) {
      const a = (t / 8) * Math.PI;
      points.push([cx + (step * t) / 8 + Math.sin(a) * lean * 0.3, mid - Math.sin(a) * h]);
    }
    cx += step;
  }
  points.push([cx + step * 0.4, mid + height * 0.12]);
  r.polyline(points, Math.max(2, height / 14), ink);
  // the underline flourish
  r.line(x + width * 0.1, mid + height * 0.22, x + width * rng.float(0.6, 0.95), mid + height * rng.float(0.15, 0.3), Math.max(1.5, height / 20), ink);
}

const ONES = [
  '',
  'ONE',
  'TWO',
  'THREE',
  'FOUR',
  'FIVE',
  'SIX',
  'SEVEN',
  'EIGHT',
  'NINE',
  'TEN',
  'ELEVEN',
  'TWELVE',
  'THIRTEEN',
  'FOURTEEN',
  'FIFTEEN',
  'SIXTEEN',
  'SEVENTEEN',
  'EIGHTEEN',
  'NINETEEN',
];
const TENS = ['', '', 'TWENTY', 'THIRTY', 'FORTY', 'FIFTY', 'SIXTY', 'SEVENTY', 'EIGHTY', 'NINETY'];

function belowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${ONES[Math.floor(n / 100)]} HUNDRED`);
  const rest = n % 100;
  if (rest >= 20) parts.push(TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${ONES[rest % 10]}` : ''));
  else if (rest > 0) parts.push(ONES[rest]);
  return parts.join(' ');
}

/** "ONE THOUSAND TWO HUNDRED FIVE AND 40/100", as the legal amount line of a check reads. */
export function amountInWords(amount: number): string {
  const cents = Math.round(amount * 100);
  const dollars = Math.floor(cents / 100);
  const parts: string[] = [];
  if (dollars >= 1_000_000) parts.push(`${belowThousand(Math.floor(dollars / 1_000_000))} MILLION`);
  if (dollars % 1_000_000 >= 1000) parts.push(`${belowThousand(Math.floor((dollars % 1_000_000) / 1000))} THOUSAND`);
  if (dollars % 1000) parts.push(belowThousand(dollars % 1000));
  const words = parts.length ? parts.join(' ') : 'ZERO';
  return `${words} AND ${String(cents % 100).padStart(2, '0')}/100`;
}
