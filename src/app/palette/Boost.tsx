// The hidden key sequence's reward (spec part 1, section 1 leaves it open): a "Vigilance +30" badge
// that rises and fades for 1.6 s, and nothing else. Harmless: no navigation, no request, no state.
import { useEffect, useRef } from 'react';
import { Icon } from '../../ui/icons';
import * as s from './palette.styles';

export const BOOST_TEXT = 'Vigilance +30';
export const BOOST_MS = 1600;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function Boost({ onDone }: { onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    // With reduced motion the badge simply shows and goes; otherwise it rises, pulses and fades.
    if (el && typeof el.animate === 'function' && !prefersReducedMotion()) {
      el.animate(
        [
          { opacity: 0, transform: 'translateY(16px) scale(0.9)' },
          { opacity: 1, transform: 'translateY(0) scale(1.08)', offset: 0.2 },
          { opacity: 1, transform: 'translateY(-8px) scale(1)', offset: 0.75 },
          { opacity: 0, transform: 'translateY(-32px) scale(1)' },
        ],
        { duration: BOOST_MS, easing: 'ease-out', fill: 'forwards' },
      );
    }
    const timer = window.setTimeout(onDone, BOOST_MS);
    return () => window.clearTimeout(timer);
  }, [onDone]);
  return (
    <div ref={ref} className={s.boost} role="status" aria-live="polite">
      <Icon name="shield" size={18} />
      {BOOST_TEXT}
    </div>
  );
}
