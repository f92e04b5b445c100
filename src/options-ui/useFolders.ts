/** Every folder with its path (search.folders), for pickers; `pathOf` names a folder id for people. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { FolderChoice } from '../search/types';
import { useClient } from './client-context';

export function folderLabel(folder: FolderChoice): string {
  return folder.path.join(' › ');
}

export function useFolders() {
  const client = useClient();
  const [folders, setFolders] = useState<FolderChoice[]>([]);
  const reload = useCallback(() => {
    client.call('search.folders', {}).then(setFolders, () => setFolders([]));
  }, [client]);
  useEffect(reload, [reload]);
  const pathOf = (id: string) => {
    const f = folders.find((x) => x.id === id);
    return f ? folderLabel(f) : id;
  };
  return { folders, pathOf, reload };
}

export interface FolderSelectProps {
  id: string;
  folders: FolderChoice[];
  value: string;
  onChange(id: string): void;
  /** An extra first option, e.g. ['', 'Choose a folder…']. */
  placeholder?: [string, string];
  exclude?: readonly string[];
}
