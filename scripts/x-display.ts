/**
 * A real X display for tests that press keys the way a person does: Xvfb on a free display number (Xvfb picks
 * it and reports it through -displayfd, so parallel runs never collide), the openbox window manager (Firefox
 * needs one to get and keep keyboard focus), and xdotool to send key presses through the X server. `stop()` ends
 * only the processes started here.
 *
 * Needs the Debian packages xvfb, openbox, xdotool, x11-utils and imagemagick (.ci/run installs them).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export interface XDisplay {
  /** ":N", for the DISPLAY of programs started on it. */
  display: string;
  /** The environment for a program on this display. */
  env: Record<string, string>;
  /** Runs xdotool with these arguments on this display; its stdout. */
  xdotool(...args: string[]): string;
  /** Presses a key combination through the X server, e.g. "alt+shift+1", "Escape". */
  key(combo: string): void;
  /** Types text key by key through the X server. */
  type(text: string): void;
  /**
   * The top-level windows on screen right now (mapped), override-redirect ones (menus, popups, alerts) included,
   * with their class, role and type (what a stray window is).
   */
  mappedWindows(): MappedWindow[];
  /** The screen's pixels in a rectangle, 3 bytes (R, G, B) per pixel, row by row. */
  pixels(rect: { x: number; y: number; width: number; height: number }): Buffer;
  /** Saves what a window shows (e.g. Firefox's own notification) as a PNG file. */
  capture(windowId: string, path: string): void;
  stop(): Promise<void>;
}

export interface MappedWindow {
  id: string;
  /** The window's name as xwininfo quotes it ("Firefox", "(has no name)"): says what a stray window is. */
  name: string;
  /** Override-redirect windows are the ones a toolkit shows above everything: menus, panels, tooltips, alerts. */
  overrideRedirect: boolean;
  width: number;
  height: number;
  /**
   * WM_CLASS as (instance, class), e.g. ["Alert", "firefox-esr"] for Firefox's own notification window,
   * ["Firefox", "firefox-esr"] for its menus and panels; [] when the window has none (openbox's frames around
   * managed windows carry no class: it is on the client window inside).
   */
  wmClass: string[];
  /** WM_WINDOW_ROLE ("alert", "Popup"), '' when unset. */
  role: string;
  /** _NET_WM_WINDOW_TYPE without its prefix ("NOTIFICATION", "POPUP_MENU"), '' when unset. */
  type: string;
}

/** The WM_CLASS, WM_WINDOW_ROLE and _NET_WM_WINDOW_TYPE lines of `xprop -id <id>`. */
export function parseWindowProperties(xprop: string): Pick<MappedWindow, 'wmClass' | 'role' | 'type'> {
  const strings = (line: string | undefined) => [...(line ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
  return {
    wmClass: strings(/^WM_CLASS\(STRING\) = (.*)$/m.exec(xprop)?.[1]),
    role: strings(/^WM_WINDOW_ROLE\(STRING\) = (.*)$/m.exec(xprop)?.[1])[0] ?? '',
    type: /^_NET_WM_WINDOW_TYPE\(ATOM\) = _NET_WM_WINDOW_TYPE_(\w+)/m.exec(xprop)?.[1] ?? '',
  };
}

const REQUIRED = ['Xvfb', 'openbox', 'xdotool', 'xwininfo', 'xprop', 'import'];

export function missingXTools(): string[] {
  return REQUIRED.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/** Reads the display number Xvfb writes on file descriptor 3 once it accepts connections. */
function displayNumber(xvfb: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not report a display within 20 s')), 20_000);
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /^(\d+)\n/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    xvfb.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}) before it was ready`));
    });
  });
}

export async function startXDisplay(options: { width?: number; height?: number } = {}): Promise<XDisplay> {
  const missing = missingXTools();
  if (missing.length) {
    throw new Error(`Real-display tests need ${missing.join(', ')}: apt-get install -y xvfb openbox xdotool x11-utils imagemagick`);
  }
  const { width = 1280, height = 900 } = options;
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-noreset'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let xvfbErrors = '';
  xvfb.stderr!.on('data', (chunk: Buffer) => (xvfbErrors = (xvfbErrors + chunk.toString()).slice(-2000)));
  let number: number;
  try {
    number = await displayNumber(xvfb);
  } catch (error) {
    xvfb.kill('SIGTERM');
    await waitForExit(xvfb);
    throw new Error(`${(error as Error).message}\n${xvfbErrors}`);
  }
  const display = `:${number}`;
  const env = { DISPLAY: display };
  const run = (cmd: string, args: string[]) => {
    const result = spawnSync(cmd, args, { env: { ...process.env, ...env }, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
    return result.stdout;
  };

  const openbox = spawn('openbox', ['--sm-disable'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const stop = async () => {
    for (const child of [openbox, xvfb]) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await waitForExit(child);
    }
  };
  try {
    // The window manager is up once it has set _NET_SUPPORTING_WM_CHECK on the root window.
    const started = Date.now();
    while (!/window id/.test(spawnSync('xprop', ['-root', '_NET_SUPPORTING_WM_CHECK'], { env: { ...process.env, ...env }, encoding: 'utf8' }).stdout ?? '')) {
      if (openbox.exitCode !== null) throw new Error(`openbox exited (${openbox.exitCode})`);
      if (Date.now() - started > 20_000) throw new Error('openbox did not start within 20 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    display,
    env,
    xdotool: (...args) => run('xdotool', args),
    key: (combo) => void run('xdotool', ['key', '--clearmodifiers', combo]),
    type: (text) => void run('xdotool', ['type', '--delay', '30', text]),
    mappedWindows() {
      const tree = run('xwininfo', ['-root', '-children']);
      const ids = [...tree.matchAll(/^\s+(0x[0-9a-f]+)\s/gm)].map((m) => m[1]!);
      const windows: MappedWindow[] = [];
      for (const id of ids) {
        const info = spawnSync('xwininfo', ['-id', id], { env: { ...process.env, ...env }, encoding: 'utf8' }).stdout ?? '';
        if (!/Map State: IsViewable/.test(info)) continue;
        const props =
          spawnSync('xprop', ['-id', id, 'WM_CLASS', 'WM_WINDOW_ROLE', '_NET_WM_WINDOW_TYPE'], { env: { ...process.env, ...env }, encoding: 'utf8' }).stdout ?? '';
        windows.push({
          id,
          name: /Window id: 0x[0-9a-f]+ (.*)$/m.exec(info)?.[1] ?? '',
          overrideRedirect: /Override Redirect State: yes/.test(info),
          width: Number(/Width: (\d+)/.exec(info)?.[1] ?? 0),
          height: Number(/Height: (\d+)/.exec(info)?.[1] ?? 0),
          ...parseWindowProperties(props),
        });
      }
      return windows;
    },
    pixels({ x, y, width, height }) {
      const result = spawnSync('import', ['-window', 'root', '-crop', `${width}x${height}+${x}+${y}`, '-depth', '8', 'rgb:-'], {
        env: { ...process.env, ...env },
        maxBuffer: 64 * 1024 * 1024,
      });
      if (result.status !== 0) throw new Error(`import failed (${result.status}): ${result.stderr}`);
      return result.stdout;
    },
    capture: (windowId, path) => void run('import', ['-window', windowId, `png:${path}`]),
    stop,
  };
}
