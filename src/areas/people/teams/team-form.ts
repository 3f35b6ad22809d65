// The team form's check (spec part 1 section 5: name required, description optional, agents).
export const TEAM_NAME_REQUIRED = 'Team name is required.';

export interface TeamDraft {
  name: string;
  description: string;
  agentIds: number[];
  allowedTags: string[];
}

export function teamNameError(name: string): string | null {
  return name.trim() ? null : TEAM_NAME_REQUIRED;
}

export function teamBody(draft: TeamDraft) {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    agentIds: draft.agentIds,
    allowed_tags: draft.allowedTags,
  };
}
