import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FINTRAC_LIFECYCLE, FINTRAC_SUBMITTED_STATUSES, fintracNext, fintracSnapshot, type FintracEvent } from '../../machines/fintrac.machine';
import { SAR_LIFECYCLE, sarNext, type SarEvent } from '../../machines/sar.machine';

// A FINTRAC report lives the SAR's lifecycle (walked as a model in sar.test.ts) with FINTRAC in
// FinCEN's place: every status and event of one answers as the other, and the contract lists the
// same statuses.

const SAR_EVENTS: SarEvent['type'][] = [
  'sar.edit',
  'validation.start',
  'validation.succeed',
  'validation.fail',
  'sar.review',
  'sar.submit',
  'filing.send',
  'filing.sent',
  'filing.fail',
  'filing.giveUp',
  'fincen.accept',
  'fincen.reject',
  'fincen.acknowledge',
  'fincen.invalid',
  'sar.archive',
];
const fintracEvent = (e: SarEvent['type']) => e.replace('fincen.', 'fintrac.').replace('sar.', 'report.') as FintracEvent['type'];

describe('FINTRAC report lifecycle', () => {
  it('moves as a SAR moves, at every status and for every event', () => {
    let moves = 0;
    for (const [i, sarStatus] of SAR_LIFECYCLE.entries()) {
      const status = FINTRAC_LIFECYCLE[i];
      expect(status).toBe(sarStatus.replace('FINCEN', 'FINTRAC'));
      for (const event of SAR_EVENTS) {
        const sar = sarNext(sarStatus, event);
        const next = fintracNext(status, fintracEvent(event));
        expect(next).toBe(sar === null ? null : sar.replace('FINCEN', 'FINTRAC'));
        expect(fintracSnapshot(status)!.can({ type: fintracEvent(event) })).toBe(sar !== null);
        if (next) moves++;
      }
    }
    expect(moves).toBeGreaterThan(30);
  });

  it('names FINTRAC, never FinCEN, and refuses what it does not know', () => {
    expect(FINTRAC_LIFECYCLE).toContain('SENT_TO_FINTRAC');
    expect(FINTRAC_LIFECYCLE.some((s) => s.includes('FINCEN'))).toBe(false);
    expect(FINTRAC_SUBMITTED_STATUSES).toContain('FINTRAC_ACCEPTED');
    expect(fintracNext('SENT_TO_FINCEN', 'fintrac.accept')).toBeNull();
    expect(fintracSnapshot('NOT_A_STATUS')).toBeNull();
    expect(fintracNext('SENT_TO_FINTRAC', 'fintrac.acknowledge')).toBe('FILING_SUCCESS');
    expect(fintracNext('READY_FOR_REVIEW', 'report.submit')).toBe('QUEUED_FOR_FILING');
    expect(fintracNext('ARCHIVED', 'report.edit')).toBeNull();
  });

  it('is the list of statuses the contract gives', () => {
    const doc = parse(readFileSync(new URL('../../openapi/components/fintrac.yaml', import.meta.url), 'utf8')) as { FintracStatus: { enum: string[] } };
    expect([...doc.FintracStatus.enum].sort()).toEqual([...FINTRAC_LIFECYCLE].sort());
  });
});
