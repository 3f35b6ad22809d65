/** Alert ids typed as "12, 13 14": the ids, or null when something is not a positive whole number. */
export function parseIdList(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const out: number[] = [];
  for (const p of parts) {
    const n = Number(p.replace(/^#/, ''));
    if (!Number.isInteger(n) || n < 1) return null;
    if (!out.includes(n)) out.push(n);
  }
  return out;
}
