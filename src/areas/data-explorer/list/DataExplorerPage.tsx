import { ComingSoon } from '../../../ui/ComingSoon';

// Placeholder while the page is built.
export function DataExplorerPage() {
  return <ComingSoon area="Data explorer" description="Being built." />;
}
