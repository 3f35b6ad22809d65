import { ComingSoon } from '../../../ui/ComingSoon';

// Placeholder while the page is built.
export function TransactionPage({ id }: { id: string }) {
  return <ComingSoon area={`Transaction ${id}`} description="Being built." />;
}
