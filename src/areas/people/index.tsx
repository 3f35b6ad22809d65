import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'people.agent': { title: "Agent profile", text: "The agent's details, teams, notification settings and permissions." },
  'people.team': { title: "Team", text: "The team's members, description and allowed tags." },
  'people.userManagement': { title: "User management", text: "Agents and teams of your organisation." },
};

export default function Area({ routeId, params }: AreaProps) {
  const page = PAGES[routeId] ?? PAGES['people.agent']!;
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
