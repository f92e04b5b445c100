/** What a page's layout gets wrong at a given width (the pseudo-locale's long strings, a narrow window). */
import type { Page } from 'puppeteer-core';

/** Elements whose text is cut (content wider than the box) or that reach past the window's right edge. */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    /** An ancestor that clips its content (overflow hidden or clip) and ends inside the window. */
    const insideClip = (el: HTMLElement, w: number) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const o = getComputedStyle(up).overflowX;
        if ((o === 'hidden' || o === 'clip') && up.getBoundingClientRect().right <= w + 1) return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.closest('.visually-hidden')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name = `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).trim().split(/\s+/).join('.') : ''} “${(el.textContent ?? '').trim().slice(0, 40)}”`;
      // Past the edge as a person sees it: content a clipping box holds inside the window is judged by that box (the
      // clip rule below: a box cut without an ellipsis or a tooltip is reported there).
      if (box.right > width + 1 && !insideClip(el, width)) out.push(`${name} reaches ${Math.round(box.right)} px in a ${width} px window`);
      // Text cut without an ellipsis: a box that clips (overflow hidden) but holds more than it shows. Folder paths
      // are cut in the middle on purpose (the whole path is the tooltip).
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (clips && el.scrollWidth > el.clientWidth + 1 && style.textOverflow !== 'ellipsis' && !el.closest('.folder-path, .path') && el.title === '')
        out.push(`${name} is clipped (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
    }
    return out;
  });
}
