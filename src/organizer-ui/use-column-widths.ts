/**
 * The list's column widths as a person set them: read from the settings once the organizer opens, changed while a
 * column's edge is dragged, and kept (the settings, storage.local) when the drag ends or a key sets one. A width set
 * before the kept ones arrived wins over them.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorMessage } from '../platform/bookmark-reads';
import { withColumnWidth, type ColumnId, type ColumnWidths } from '../organizer';
import type { OrganizerApi } from './organizer-api';

export function useColumnWidths(api: OrganizerApi, onError: (message: string) => void) {
  const [widths, setWidths] = useState<ColumnWidths>({});
  const latest = useRef<ColumnWidths>({});
  const touched = useRef(false);
  useEffect(() => {
    let live = true;
    api.columnWidths().then(
      (kept) => {
        if (!live || touched.current) return;
        latest.current = kept;
        setWidths(kept);
      },
      (e: unknown) => live && onError(errorMessage(e)),
    );
    return () => void (live = false);
  }, [api]);
  const resize = (column: ColumnId, width: number, done: boolean) => {
    touched.current = true;
    const next = withColumnWidth(latest.current, column, width);
    latest.current = next;
    setWidths(next);
    if (done) api.saveColumnWidths(next).catch((e: unknown) => onError(errorMessage(e)));
  };
  return [widths, resize] as const;
}
