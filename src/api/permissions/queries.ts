import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { permissionKeys } from './keys';

export type Permission = components['schemas']['Permission'];
export type PermissionCatalogue = components['schemas']['PermissionList'];
export type AssociationType = components['schemas']['PermissionAssociationType'];

export function useCatalogueQuery() {
  // The catalogue is reference data: the same for the whole session.
  return useQuery({ queryKey: permissionKeys.catalogue(), queryFn: () => unwrap(api.GET('/api/permissions')), staleTime: Infinity });
}

export function useAssociationQuery(type: AssociationType, id: number) {
  return useQuery({
    queryKey: permissionKeys.association(type, id),
    queryFn: () => unwrap(api.GET('/api/permissions/association', { params: { query: { associationId: id, associationType: type } } })),
  });
}
