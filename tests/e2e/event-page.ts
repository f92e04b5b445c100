/**
 * What Firefox does with the extension's event page (of this run of the extension: a reload makes a new one), seen from its chrome side without waking it: its state
 * (starting, running, suspending, stopped) and what reset its idle timer or suspended it, as Firefox reports them
 * (ext-backgroundPage.js: background-script-reset-idle with the event's name, background-script-suspend).
 */
import { GECKO_ID, type Firefox } from './firefox';

export interface EventPageWatch {
  /** The event page's state now. */
  state(): Promise<string>;
  /** What happened since the watch began (or since the last call): "reset-idle Port.onMessage", "suspend", ... */
  take(): Promise<string[]>;
}

export async function watchEventPage(ff: Pick<Firefox, 'chrome'>): Promise<EventPageWatch> {
  await ff.chrome(
    `async (id) => {
      // Once per Firefox run: a second watch shares the first one's log (and empties it).
      if (window.tmEventPageLog) return void window.tmEventPageLog.splice(0);
      const extension = WebExtensionPolicy.getByID(id).extension;
      window.tmEventPageLog = [];
      extension.on('background-script-reset-idle', (_e, d) => window.tmEventPageLog.push('reset-idle ' + (d?.eventName ?? d?.reason ?? '')));
      extension.on('background-script-suspend', () => window.tmEventPageLog.push('suspend'));
    }`,
    GECKO_ID,
  );
  return {
    state: () => ff.chrome<string>(`async (id) => WebExtensionPolicy.getByID(id).extension.backgroundState`, GECKO_ID),
    take: () => ff.chrome<string[]>(`async () => window.tmEventPageLog.splice(0)`),
  };
}
