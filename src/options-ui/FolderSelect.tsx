import { folderLabel, type FolderSelectProps } from './useFolders';

export function FolderSelect({ id, folders, value, onChange, placeholder, exclude = [] }: FolderSelectProps) {
  return (
    <select id={id} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
      {placeholder && <option value={placeholder[0]}>{placeholder[1]}</option>}
      {folders
        .filter((f) => !exclude.includes(f.id))
        .map((f) => (
          <option key={f.id} value={f.id}>
            {folderLabel(f)}
          </option>
        ))}
    </select>
  );
}
