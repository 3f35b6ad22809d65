// The comparison controls: what to compare with, Side-by-side or Overlay, the opacity slider
// (overlay only; 0 to 100, default 60) and zoom.
import { Slider } from '@ark-ui/react/slider';
import { useId } from 'react';
import { button } from '../../ui/recipes';
import type { CompareCandidate } from './compare.utils';
import * as s from './documents.styles';
import { Options } from '../../ui/Options';

export interface CompareToolbarProps {
  candidates: readonly CompareCandidate[];
  targetId: number | null;
  onTarget: (id: number) => void;
  overlay: boolean;
  onView: (view: 'sideBySide' | 'overlay') => void;
  opacity: number;
  onOpacity: (value: number) => void;
}

export function CompareToolbar({ candidates, targetId, onTarget, overlay, onView, opacity, onOpacity }: CompareToolbarProps) {
  const id = useId();
  return (
    <div className={s.group}>
      <label className={s.fieldLabel} htmlFor={`${id}-target`}>
        Compare with
      </label>
      <select id={`${id}-target`} className={s.select} value={targetId ?? ''} onChange={(e) => onTarget(Number(e.target.value))}>
        <Options items={candidates} value={(c) => c.doc.id} label={(c) => c.label} />
      </select>
      <span className={s.modes} role="group" aria-label="Comparison view">
        <button type="button" className={button({ size: 'sm' })} aria-pressed={!overlay} onClick={() => onView('sideBySide')}>
          Side-by-side
        </button>
        <button type="button" className={button({ size: 'sm' })} aria-pressed={overlay} onClick={() => onView('overlay')}>
          Overlay
        </button>
      </span>
      {overlay && (
        <Slider.Root className={s.slider} min={0} max={100} step={1} value={[opacity]} onValueChange={(d) => onOpacity(d.value[0] ?? opacity)}>
          <Slider.Label className={s.fieldLabel}>Opacity</Slider.Label>
          <Slider.Control className={s.sliderControl}>
            <Slider.Track className={s.sliderTrack}>
              <Slider.Range className={s.sliderRange} />
            </Slider.Track>
            <Slider.Thumb index={0} className={s.sliderThumb} aria-label="Opacity">
              <Slider.HiddenInput />
            </Slider.Thumb>
          </Slider.Control>
          <Slider.ValueText className={s.fieldLabel}>{`${opacity}%`}</Slider.ValueText>
        </Slider.Root>
      )}
    </div>
  );
}
