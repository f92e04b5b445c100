/**
 * The Backups view's comparison: the chosen backup against the bookmarks now. The live tree comes from the background
 * in the organizer's compact form ('organizer.tree', one string: read from the search index's mirror, with Tidymarks'
 * tags) and goes as it is to the decoding worker, which opens the backup again and sends back only the difference.
 * Choosing another backup meanwhile wins: an older answer is dropped.
 */
import { useContext, useRef, useState } from 'preact/hooks';
import type { BackupDiff, ComparedBackup } from '../../firefox-backups';
import { t } from '../../i18n';
import { ClientContext, errorMessage } from '../client-context';
import { problemMessage } from './backup-words';

export type Comparison = { key: number; label: string } & ({ state: 'comparing' } | { state: 'done'; diff: BackupDiff } | { state: 'failed'; message: string });

export function useComparison(compare: (file: File, live: string) => Promise<ComparedBackup>) {
  const client = useContext(ClientContext);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const latest = useRef(0);
  const choose = async (key: number, file: File, label: string) => {
    const asked = ++latest.current;
    const settle = (next: Comparison) => {
      if (asked === latest.current) setComparison(next);
    };
    setComparison({ key, label, state: 'comparing' });
    let live: string;
    try {
      if (!client) throw new Error(t('optionsNoClient'));
      live = (await client.call('organizer.tree', {})).encoded;
    } catch (error) {
      return settle({ key, label, state: 'failed', message: t('backupsCompareLiveFailed', errorMessage(error)) });
    }
    const compared = await compare(file, live);
    if (compared.ok) settle({ key, label, state: 'done', diff: compared.diff });
    else
      settle({
        key,
        label,
        state: 'failed',
        message: compared.problem.code === 'live-unreadable' ? t('backupsCompareLiveUnreadable') : problemMessage(compared.problem),
      });
  };
  return { comparison, choose };
}
