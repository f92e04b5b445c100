export function DuplicatesView({ focusUrl }: { focusUrl: string | null }) {
  return <p>Duplicates {focusUrl ?? ''}</p>;
}
