import type { AreaProps } from '../../app/routes.types';
import { FlatFilesPage } from './flat-files/FlatFilesPage';
import { DataMappingPage } from './mapping/DataMappingPage';

export default function Area({ routeId }: AreaProps) {
  if (routeId === 'dataManagement.mapping') return <DataMappingPage />;
  // /data-explorer/upload-files: the same page under the explorer's name for it
  if (routeId === 'dataExplorer.uploadFiles') return <FlatFilesPage title="Upload files" />;
  return <FlatFilesPage />;
}
