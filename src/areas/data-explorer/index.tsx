import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'dataExplorer.home': { title: "Data explorer", text: "Search and browse entities, instruments, transactions and action events." },
  'dataExplorer.uploadFiles': { title: "Upload files", text: "Upload data files and follow their processing." },
  'dataExplorer.transaction': { title: "Transaction", text: "The transaction's details, parties, instruments and related alerts." },
  'dataExplorer.actionEvent': { title: "Action event", text: "The action event's details and related alerts." },
  'dataExplorer.entity': { title: "Entity", text: "The entity's profile, risk, instruments, transactions, alerts and media." },
  'dataExplorer.instrument': { title: "Instrument", text: "The instrument's details, owners, transactions and alerts." },
};

export default function Area({ routeId, params }: AreaProps) {
  const page = PAGES[routeId] ?? PAGES['dataExplorer.home']!;
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
