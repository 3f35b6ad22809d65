import { encodePng } from './png.js';
import { Raster, type Rgb, type TextStyle } from './raster.js';
import { drawSignature } from './signature.js';
import { INK_BLACK } from './check.js';

/** Identity documents of the demo data: a synthetic driver licence and an account signature card. */

export const ID_WIDTH = 640;
export const ID_HEIGHT = 404;

export interface IdCard {
  region: string;
  name: string;
  /** MM/DD/YYYY */
  dateOfBirth: string;
  number: string;
  street: string;
  city: string;
  issued: string;
  expires: string;
  /** 0-3: which of the placeholder faces (hair and skin tones) is drawn */
  face: number;
}

const label = (size: number, color: Rgb): TextStyle => ({ size, color, style: 'print' });
const SKIN: Rgb[] = [
  [241, 205, 180],
  [224, 172, 135],
  [176, 122, 88],
  [122, 84, 60],
];
const HAIR: Rgb[] = [
  [60, 44, 34],
  [150, 108, 62],
  [30, 30, 32],
  [205, 190, 160],
];

/** A drawn face placeholder (no photograph of anyone): head, hair and shoulders. */
function face(r: Raster, x: number, y: number, w: number, h: number, variant: number): void {
  r.rect(x, y, w, h, [198, 212, 230]);
  const skin = SKIN[variant % SKIN.length];
  const hair = HAIR[variant % HAIR.length];
  r.ellipse(x + w / 2, y + h, w * 0.46, h * 0.28, [70, 86, 120]); // shoulders
  r.ellipse(x + w / 2, y + h * 0.43, w * 0.3, h * 0.3, hair);
  r.ellipse(x + w / 2, y + h * 0.47, w * 0.25, h * 0.26, skin);
  r.dot(x + w * 0.41, y + h * 0.45, 3, [40, 40, 40]);
  r.dot(x + w * 0.59, y + h * 0.45, 3, [40, 40, 40]);
  r.line(x + w * 0.43, y + h * 0.6, x + w * 0.57, y + h * 0.6, 2.5, [150, 80, 80]);
}

export function renderIdCard(card: IdCard): Buffer {
  const r = new Raster(ID_WIDTH, ID_HEIGHT, [232, 238, 247]);
  const navy: Rgb = [35, 57, 93];
  const grey: Rgb = [96, 100, 110];
  r.rect(0, 0, ID_WIDTH, 64, navy);
  r.text(24, 14, card.region, label(3, [255, 255, 255]));
  r.text(24, 40, 'DRIVER LICENSE', label(2, [210, 222, 240]));
  r.text(ID_WIDTH - 24 - Raster.textWidth('SPECIMEN', { size: 2 }), 40, 'SPECIMEN', label(2, [255, 214, 120]));
  face(r, 24, 84, 170, 210, card.face);
  const field = (x: number, y: number, name: string, value: string, size = 3) => {
    r.text(x, y, name, label(2, grey));
    r.text(x, y + 18, value, label(size, INK_BLACK));
  };
  field(220, 84, 'DL NO', card.number);
  field(220, 134, 'NAME', card.name);
  field(220, 184, 'DOB', card.dateOfBirth);
  field(430, 184, 'EXP', card.expires);
  field(220, 234, 'ADDRESS', card.street, 2);
  r.text(220, 272, card.city, label(2, INK_BLACK));
  field(430, 84, 'ISS', card.issued);
  drawSignature(r, 220, 300, 300, 60, card.name, INK_BLACK);
  r.rect(0, ID_HEIGHT - 30, ID_WIDTH, 30, [210, 220, 236]);
  r.text(24, ID_HEIGHT - 22, 'SYNTHETIC DEMO DOCUMENT - NOT A REAL ID', label(2, grey));
  r.frame(0, 0, ID_WIDTH, ID_HEIGHT, 3, navy);
  return encodePng(ID_WIDTH, ID_HEIGHT, r.pixels);
}

export const CARD_WIDTH = 800;
export const CARD_HEIGHT = 360;

export interface SignatureCard {
  bank: string;
  holder: string;
  account: string;
  opened: string;
  /** who actually signed the card: the holder, or someone else for a planted mismatch */
  signer: string;
}

export function renderSignatureCard(card: SignatureCard): Buffer {
  const r = new Raster(CARD_WIDTH, CARD_HEIGHT, [250, 248, 240]);
  const ink: Rgb = [45, 45, 50];
  r.text(30, 24, `${card.bank} SIGNATURE CARD`, label(3, [40, 70, 130]));
  r.text(30, 70, 'ACCOUNT HOLDER', label(2, [110, 110, 110]));
  r.text(30, 88, card.holder, label(3, ink));
  r.text(470, 70, 'ACCOUNT NO', label(2, [110, 110, 110]));
  r.text(470, 88, card.account, label(3, ink));
  r.text(30, 130, 'OPENED', label(2, [110, 110, 110]));
  r.text(30, 148, card.opened, label(3, ink));
  drawSignature(r, 40, 200, 420, 80, card.signer, [29, 59, 139]);
  r.rect(30, 296, 520, 2, ink);
  r.text(30, 306, 'AUTHORIZED SIGNATURE', label(2, [110, 110, 110]));
  r.frame(0, 0, CARD_WIDTH, CARD_HEIGHT, 3, [150, 150, 150]);
  return encodePng(CARD_WIDTH, CARD_HEIGHT, r.pixels);
}
