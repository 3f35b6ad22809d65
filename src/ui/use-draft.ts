import { useState } from 'react';

/**
 * The text of a field as typed, for a value applied when the field is left or Enter is pressed. When
 * `value` changes from outside (Back, Clear filters, another object type) the draft follows it, set
 * while rendering rather than in an effect, so the field never shows the old text for a frame.
 */
export function useDraft<T>(value: T, toText: (value: T) => string): [draft: string, setDraft: (text: string) => void] {
  const [draft, setDraft] = useState(() => toText(value));
  const [followed, setFollowed] = useState(value);
  if (!Object.is(followed, value)) {
    setFollowed(value);
    setDraft(toText(value));
  }
  return [draft, setDraft];
}
