import { useEffect, useState } from 'react';

/** An object URL for the blob, revoked when the blob changes or the component goes; null without a blob. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [made, setMade] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is a resource the effect makes and revokes, not state derived from the blob
    setMade({ blob, url });
    return () => {
      URL.revokeObjectURL(url);
      setMade(null);
    };
  }, [blob]);
  return blob && made?.blob === blob ? made.url : null;
}
