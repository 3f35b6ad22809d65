import { Rng } from '../rng.js';
import { encodePng } from './png.js';
import { Raster, type Rgb, type TextStyle } from './raster.js';
import { amountInWords, drawSignature } from './signature.js';

/** The front and back of a paper check, as a bank's image archive keeps them. */

export const CHECK_WIDTH = 960;
export const CHECK_HEIGHT = 420;

export type CheckStock = 'green' | 'blue' | 'tan' | 'grey';

const STOCKS: Record<CheckStock, { paper: Rgb; pattern: Rgb; accent: Rgb }> = {
  green: { paper: [233, 244, 233], pattern: [206, 228, 208], accent: [52, 104, 70] },
  blue: { paper: [232, 239, 249], pattern: [206, 219, 240], accent: [40, 70, 130] },
  tan: { paper: [246, 240, 226], pattern: [232, 221, 196], accent: [120, 92, 48] },
  grey: { paper: [240, 240, 238], pattern: [220, 221, 218], accent: [70, 72, 78] },
};

export const INK_BLUE: Rgb = [29, 59, 139];
export const INK_BLACK: Rgb = [30, 30, 36];
const PRINT: Rgb = [45, 45, 50];
const MICR: Rgb = [15, 15, 15];

export interface CheckFace {
  payer: { name: string; street: string; city: string };
  bank: string;
  payee: string;
  amount: number;
  /** as written, MM/DD/YYYY */
  date: string;
  number: number;
  memo: string;
  routing: string;
  account: string;
  stock: CheckStock;
  ink: Rgb;
  /**
   * How this image was captured: the check's offset on the scanner bed and a seed for the dust on
   * it. A re-capture of the same paper differs only in these, which is what a comparison shows.
   */
  capture: { dx: number; dy: number; seed: string };
}

export interface CheckBack {
  endorser: string;
  /** the last digits of the account it was deposited to */
  accountTail: string;
  channel: 'MOBILE' | 'BRANCH';
  bank: string;
  date: string;
  stock: CheckStock;
  ink: Rgb;
  capture: CheckFace['capture'];
}

const print = (size: number, color: Rgb = PRINT): TextStyle => ({ size, color, style: 'print' });
const pen = (size: number, ink: Rgb): TextStyle => ({ size, color: ink, style: 'pen', shear: 0.22 });

/** Background security pattern and the scanner's dust: deterministic per stock and capture. */
function paper(r: Raster, stock: CheckStock, capture: CheckFace['capture']): void {
  const s = STOCKS[stock];
  for (let k = 0; k < 7; k++) {
    const points: Array<[number, number]> = [];
    for (let x = -20; x <= CHECK_WIDTH + 20; x += 12) points.push([x + capture.dx, 60 + k * 48 + Math.sin((x + k * 37) / 55) * 18 + capture.dy]);
    r.polyline(points, 1.5, s.pattern);
  }
  const dust = Rng.named(`dust:${capture.seed}`);
  for (let k = 0; k < 90; k++) r.dot(dust.int(0, CHECK_WIDTH - 1), dust.int(0, CHECK_HEIGHT - 1), dust.float(0.4, 1.2), [150, 150, 150], dust.float(0.2, 0.6));
  r.frame(4 + capture.dx, 4 + capture.dy, CHECK_WIDTH - 8, CHECK_HEIGHT - 8, 3, s.accent);
}

const formatAmount = (amount: number) => amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function renderCheckFront(c: CheckFace): Buffer {
  const r = new Raster(CHECK_WIDTH, CHECK_HEIGHT, STOCKS[c.stock].paper);
  paper(r, c.stock, c.capture);
  const X = (x: number) => x + c.capture.dx;
  const Y = (y: number) => y + c.capture.dy;
  const accent = STOCKS[c.stock].accent;
  // payer block and check number
  r.text(X(36), Y(30), c.payer.name, print(3));
  r.text(X(36), Y(60), c.payer.street, print(2));
  r.text(X(36), Y(78), c.payer.city, print(2));
  r.text(X(CHECK_WIDTH - 36 - Raster.textWidth(String(c.number), { size: 3 })), Y(30), String(c.number), print(3));
  r.text(X(440), Y(30), c.bank, print(3, accent));
  // date
  r.text(X(600), Y(96), 'DATE', print(2));
  r.text(X(660), Y(84), c.date, pen(3, c.ink));
  r.rect(X(655), Y(112), 250, 2, PRINT);
  // payee and amount in figures
  r.text(X(36), Y(150), 'PAY TO THE', print(2));
  r.text(X(36), Y(168), 'ORDER OF', print(2));
  r.text(X(160), Y(150), c.payee, pen(4, c.ink));
  r.rect(X(150), Y(186), 560, 2, PRINT);
  r.text(X(730), Y(154), '$', print(4));
  r.frame(X(760), Y(140), 170, 50, 2, PRINT);
  r.text(X(772), Y(152), formatAmount(c.amount), pen(3, c.ink));
  // amount in words
  const words = amountInWords(c.amount);
  const wordSize = Raster.textWidth(words, { size: 3 }) > 720 ? 2 : 3;
  r.text(X(40), Y(214), words, pen(wordSize, c.ink));
  r.rect(X(36), Y(242), 770, 2, PRINT);
  r.text(X(816), Y(230), 'DOLLARS', print(2));
  // memo and signature
  r.text(X(36), Y(296), 'MEMO', print(2));
  r.text(X(100), Y(282), c.memo, pen(3, c.ink));
  r.rect(X(95), Y(310), 330, 2, PRINT);
  drawSignature(r, X(560), Y(256), 330, 56, c.payer.name, c.ink);
  r.rect(X(540), Y(318), 390, 2, PRINT);
  // MICR line: routing between transit symbols, account ending with on-us, then the check number
  const micr = `⑆${c.routing}⑆ ${c.account}⑈ ${String(c.number).padStart(6, '0')}`;
  r.text(X(90), Y(356), micr, { size: 4, color: MICR, style: 'print' });
  return encodePng(CHECK_WIDTH, CHECK_HEIGHT, r.pixels);
}

export function renderCheckBack(b: CheckBack): Buffer {
  const r = new Raster(CHECK_WIDTH, CHECK_HEIGHT, STOCKS[b.stock].paper);
  paper(r, b.stock, b.capture);
  const X = (x: number) => x + b.capture.dx;
  const Y = (y: number) => y + b.capture.dy;
  r.text(X(40), Y(30), 'ENDORSE HERE', print(3));
  for (const y of [110, 160, 210]) r.rect(X(40), Y(y), 420, 2, PRINT);
  drawSignature(r, X(50), Y(52), 360, 56, b.endorser, b.ink);
  r.text(X(50), Y(128), 'FOR DEPOSIT ONLY', pen(3, b.ink));
  r.text(X(50), Y(178), `ACCT ...${b.accountTail}`, pen(3, b.ink));
  r.text(X(40), Y(250), 'DO NOT WRITE, STAMP OR SIGN BELOW THIS LINE', print(2));
  r.rect(X(40), Y(268), 880, 1, PRINT);
  // the depositing bank's stamp
  const stamp: Rgb = [170, 40, 50];
  r.frame(X(520), Y(300), 400, 90, 3, stamp);
  r.text(X(540), Y(314), b.channel === 'MOBILE' ? 'MOBILE DEPOSIT' : 'BRANCH DEPOSIT', print(3, stamp));
  r.text(X(540), Y(346), `${b.bank} ${b.date}`, print(2, stamp));
  r.text(X(540), Y(366), `ACCT ...${b.accountTail}`, print(2, stamp));
  return encodePng(CHECK_WIDTH, CHECK_HEIGHT, r.pixels);
}
