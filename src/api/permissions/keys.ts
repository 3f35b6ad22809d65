import type { components } from '../../../openapi/schema';

type AssociationType = components['schemas']['PermissionAssociationType'];

/** The permission catalogue (with the Agent and Manager presets) and the set held by one agent or team. */
export const permissionKeys = {
  all: ['permissions'] as const,
  catalogue: () => [...permissionKeys.all, 'catalogue'] as const,
  association: (type: AssociationType, id: number) => [...permissionKeys.all, 'association', type, id] as const,
};
