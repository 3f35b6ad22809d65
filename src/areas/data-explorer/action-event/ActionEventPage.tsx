import { ComingSoon } from '../../../ui/ComingSoon';

// Placeholder while the page is built.
export function ActionEventPage({ id }: { id: string }) {
  return <ComingSoon area={`Action event ${id}`} description="Being built." />;
}
