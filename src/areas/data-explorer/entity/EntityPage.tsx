import { ComingSoon } from '../../../ui/ComingSoon';

// Placeholder while the page is built.
export function EntityPage({ id }: { id: string }) {
  return <ComingSoon area={`Entity ${id}`} description="Being built." />;
}
