import { encodePng } from './png.js';
import { Raster, type Rgb } from './raster.js';
import { INK_BLUE } from './check.js';

/** A branch cash deposit slip, filled in by hand. */
export function renderDepositSlip(bank: string, depositor: string, amount: number, date: string, teller: number): Buffer {
  const r = new Raster(720, 320, [238, 245, 240]);
  const print: Rgb = [40, 60, 50];
  const pen = { size: 3, color: INK_BLUE, style: 'pen' as const, shear: 0.22 };
  r.text(24, 20, `${bank} - CASH DEPOSIT`, { size: 3, color: print });
  const row = (y: number, label: string, value: string) => {
    r.text(24, y + 10, label, { size: 2, color: print });
    r.text(200, y, value, pen);
    r.rect(190, y + 26, 500, 2, print);
  };
  row(70, 'DEPOSITOR', depositor);
  row(120, 'DATE', date);
  row(170, 'CURRENCY', amount.toFixed(2));
  row(220, 'COIN', '0.00');
  r.text(24, 282, `TELLER ${teller}`, { size: 2, color: print });
  r.frame(0, 0, 720, 320, 3, [106, 143, 116]);
  return encodePng(720, 320, r.pixels);
}
