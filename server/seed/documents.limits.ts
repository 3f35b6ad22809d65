import type { SeedScale } from './scale.js';

/**
 * How many objects get generated images. Rendering costs about 20-40 ms an image, so the counts are
 * bounded at every scale: the large scale has the demo scale's documents (its transactions are
 * otherwise unchanged, but cached large databases must be seeded again after a change here).
 */
export const CHECK_IMAGE_LIMITS: Record<SeedScale, { transactions: number; series: number; checksPerSeries: number; idCards: number }> = {
  small: { transactions: 24, series: 4, checksPerSeries: 3, idCards: 16 },
  demo: { transactions: 72, series: 8, checksPerSeries: 4, idCards: 40 },
  large: { transactions: 72, series: 8, checksPerSeries: 4, idCards: 40 },
};
