import { ComingSoon } from '../../../ui/ComingSoon';

// Placeholder while the page is built.
export function InstrumentPage({ id }: { id: string }) {
  return <ComingSoon area={`Instrument ${id}`} description="Being built." />;
}
