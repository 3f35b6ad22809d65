import type { AreaProps } from '../../app/routes.types';
import { FlatFilesPage } from './flat-files/FlatFilesPage';
import { DataMappingPage } from './mapping/DataMappingPage';

export default function Area({ routeId }: AreaProps) {
  if (routeId === 'dataManagement.mapping') return <DataMappingPage />;
  return <FlatFilesPage />;
}
