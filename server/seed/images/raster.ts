import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font.js';

/** An RGB colour, 0-255 per channel. */
export type Rgb = readonly [number, number, number];

export interface TextStyle {
  /** pixels per font cell */
  size: number;
  color: Rgb;
  /** 'print' fills square cells (typeset text); 'pen' joins round dots with strokes (handwriting) */
  style?: 'print' | 'pen';
  /** horizontal lean per row, in cells (italic handwriting) */
  shear?: number;
  /** extra cells between characters */
  tracking?: number;
}

/**
 * An RGB drawing surface with the few primitives the document images need: rectangles, round pens
 * with soft edges, lines, ellipses and bitmap text. Everything is integer arithmetic on a seeded
 * input, so the same call always yields the same pixels.
 */
export class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    // one row pixel by pixel, then the rest by doubling copies
    for (let x = 0; x < width; x++) this.pixels.set(background, x * 3);
    for (let filled = width * 3; filled < this.pixels.length; filled *= 2) this.pixels.copyWithin(filled, 0, Math.min(filled, this.pixels.length - filled));
  }

  /** Blends one pixel towards `c` by `alpha` (0-1); outside the surface nothing happens. */
  plot(x: number, y: number, c: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (y * this.width + x) * 3;
    const a = Math.min(1, alpha);
    for (let k = 0; k < 3; k++) this.pixels[i + k] = Math.round(this.pixels[i + k] + (c[k] - this.pixels[i + k]) * a);
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb, alpha = 1): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) this.plot(xx, yy, c, alpha);
  }

  frame(x: number, y: number, w: number, h: number, thickness: number, c: Rgb): void {
    this.rect(x, y, w, thickness, c);
    this.rect(x, y + h - thickness, w, thickness, c);
    this.rect(x, y, thickness, h, c);
    this.rect(x + w - thickness, y, thickness, h, c);
  }

  /** A filled disc with a one-pixel soft edge. */
  dot(cx: number, cy: number, r: number, c: Rgb, alpha = 1): void {
    for (let y = Math.floor(cy - r - 1); y <= Math.ceil(cy + r + 1); y++) {
      for (let x = Math.floor(cx - r - 1); x <= Math.ceil(cx + r + 1); x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const cover = Math.max(0, Math.min(1, r + 0.5 - d));
        if (cover > 0) this.plot(x, y, c, cover * alpha);
      }
    }
  }

  /** A round-ended line of the given width: each pixel of its box is covered by its distance to the segment. */
  line(x0: number, y0: number, x1: number, y1: number, width: number, c: Rgb, alpha = 1): void {
    const r = width / 2;
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len2 = dx * dx + dy * dy || 1;
    const minX = Math.max(0, Math.floor(Math.min(x0, x1) - r - 1));
    const maxX = Math.min(this.width - 1, Math.ceil(Math.max(x0, x1) + r + 1));
    const minY = Math.max(0, Math.floor(Math.min(y0, y1) - r - 1));
    const maxY = Math.min(this.height - 1, Math.ceil(Math.max(y0, y1) + r + 1));
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5 - x0;
        const py = y + 0.5 - y0;
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
        const ex = px - t * dx;
        const ey = py - t * dy;
        const cover = r + 0.5 - Math.sqrt(ex * ex + ey * ey);
        if (cover > 0) this.plot(x, y, c, Math.min(1, cover) * alpha);
      }
    }
  }

  polyline(points: ReadonlyArray<readonly [number, number]>, width: number, c: Rgb): void {
    for (let i = 1; i < points.length; i++) this.line(points[i - 1][0], points[i - 1][1], points[i][0], points[i][1], width, c);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb): void {
    for (let y = Math.floor(cy - ry); y <= Math.ceil(cy + ry); y++) {
      for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x++) {
        const d = ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2;
        if (d <= 1) this.plot(x, y, c, Math.min(1, (1 - d) * Math.min(rx, ry)));
      }
    }
  }

  /** The width `text` takes in pixels. */
  static textWidth(text: string, style: Pick<TextStyle, 'size' | 'tracking'>): number {
    return text.length * (GLYPH_WIDTH + 1 + (style.tracking ?? 0)) * style.size;
  }

  /** Draws `text` with its top-left corner at (x, y). */
  text(x: number, y: number, text: string, style: TextStyle): void {
    const { size, color } = style;
    const shear = style.shear ?? 0;
    const advance = (GLYPH_WIDTH + 1 + (style.tracking ?? 0)) * size;
    [...text].forEach((ch, n) => {
      const cells = glyph(ch);
      const at = (col: number, row: number): [number, number] => [
        x + n * advance + (col + 0.5) * size + shear * (GLYPH_HEIGHT - 1 - row) * size,
        y + (row + 0.5) * size,
      ];
      for (let row = 0; row < GLYPH_HEIGHT; row++) {
        for (let col = 0; col < GLYPH_WIDTH; col++) {
          if (!cells[row][col]) continue;
          const [px, py] = at(col, row);
          if (style.style === 'pen') {
            this.dot(px, py, size * 0.42, color);
            // join neighbouring cells (right, down, and diagonals without an orthogonal link) into strokes
            const links: Array<[number, number]> = [
              [1, 0],
              [0, 1],
            ];
            if (!cells[row][col + 1] && !cells[row + 1]?.[col]) links.push([1, 1]);
            if (!cells[row][col - 1] && !cells[row + 1]?.[col]) links.push([-1, 1]);
            for (const [dx, dy] of links) {
              if (!cells[row + dy]?.[col + dx]) continue;
              const [qx, qy] = at(col + dx, row + dy);
              this.line(px, py, qx, qy, size * 0.8, color);
            }
          } else {
            this.rect(px - size / 2, py - size / 2, size, size, color);
          }
        }
      }
    });
  }
}
