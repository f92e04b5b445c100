/**
 * The options page's views, each in a chunk of its own, loaded when it is first shown. The page's entry asks for the
 * opened view's chunk beside the shell's (options/main.tsx), so the view a person opens waits for its own code only,
 * not for the six others (README "Each view loads on its own").
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../app-protocol';
import { t } from '../i18n';
import type { HostAccess } from './link-health/LinkHealthView';
import type { ViewId } from './routing';

export interface ViewProps {
  client: Client;
  /** The URL whose duplicates group to show first (the popup's link to the Duplicates page), or null. */
  focusUrl: string | null;
  hostAccess?: HostAccess;
}

type View = ComponentType<ViewProps>;

const loaders: Record<ViewId, () => Promise<View>> = {
  bookmarks: () => import('../organizer-ui').then(({ OrganizerView }) => ({ client }: ViewProps) => <OrganizerView client={client} />),
  duplicates: () => import('./duplicates/DuplicatesView').then(({ DuplicatesView }) => ({ focusUrl }: ViewProps) => <DuplicatesView focusUrl={focusUrl} />),
  tags: () => import('./TagsView').then(({ TagsView }) => () => <TagsView />),
  'link-health': () => import('./link-health/LinkHealthView').then(({ LinkHealthView }) => ({ hostAccess }: ViewProps) => <LinkHealthView hostAccess={hostAccess} />),
  'import-export': () => import('./ImportExportView').then(({ ImportExportView }) => () => <ImportExportView />),
  backups: () => import('./backups/BackupsView').then(({ BackupsView }) => () => <BackupsView />),
  settings: () => import('./SettingsView').then(({ SettingsView }) => () => <SettingsView />),
};

const loading = new Map<ViewId, Promise<View>>();
const loaded = new Map<ViewId, View>();

/** Loads a view's code once (a failed load is tried again on the next call). */
export function loadView(id: ViewId): Promise<View> {
  let view = loading.get(id);
  if (!view) {
    view = loaders[id]().then((component) => {
      loaded.set(id, component);
      return component;
    });
    view.catch(() => loading.delete(id));
    loading.set(id, view);
  }
  return view;
}

/** The view `id`, once its code is loaded (at once when it was before); a load that failed says so. */
export function LazyView({ id, ...props }: ViewProps & { id: ViewId }) {
  const [failed, setFailed] = useState(false);
  const [, setReady] = useState(false);
  // Also when the code was there at the render: it may have come between the render and this effect.
  useEffect(() => {
    let live = true;
    loadView(id).then(
      () => live && setReady(true),
      (error: unknown) => {
        console.error('Tidymarks: could not load the view', id, error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [id]);
  const View = loaded.get(id);
  if (View) return <View {...props} />;
  return failed ? <p role="alert">{t('optionsViewNotLoaded')}</p> : null;
}
