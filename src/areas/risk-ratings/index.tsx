import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'riskRatings.list': { title: "Risk ratings", text: "Risk models and the risk ratings they give your entities." },
  'riskRatings.model': { title: "Risk model", text: "The risk model's factors, weights and score distribution." },
};

export default function Area({ routeId, params }: AreaProps) {
  const page = PAGES[routeId] ?? PAGES['riskRatings.list']!;
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
