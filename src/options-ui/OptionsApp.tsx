import { useEffect, useState } from 'preact/hooks';
import { client } from '../messaging/page-client';

export function OptionsApp() {
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    client
      .call('core.countBookmarks', {})
      .then((c) => setCount(c.bookmarks))
      .catch((e: Error) => setError(e.message));
  }, []);
  return (
    <main>
      <h1>Tidymarks</h1>
      {error ? <p role="alert">{error}</p> : <p data-testid="bookmark-count">{count === null ? 'Counting…' : `${count} bookmarks`}</p>}
    </main>
  );
}
