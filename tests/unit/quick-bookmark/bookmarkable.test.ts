import { describe, expect, it } from 'vitest';
import { checkBookmarkable } from '../../../src/quick-bookmark/bookmarkable';

describe('checkBookmarkable', () => {
  it.each(['https://example.org/', 'http://example.org/a?b=c#d', 'file:///home/me/notes.html', 'ftp://files.example.org/pub/'])(
    'accepts a page a user can come back to: %s',
    (url) => {
      expect(checkBookmarkable(url)).toEqual({ ok: true, url });
    },
  );

  it.each([
    ['about:preferences', /about:/],
    ['ABOUT:config', /about:/],
    ['moz-extension://00000000-0000-4000-8000-000000000000/options/index.html', /extension/],
    ['view-source:https://example.org/', /view-source/],
    ['chrome://browser/content/browser.xhtml', /chrome:/],
    ['resource://gre/modules/', /resource:/],
    ['data:text/html,<h1>hi</h1>', /data:/],
    ['javascript:alert(1)', /code/],
    ['blob:https://example.org/4f1c', /blob:/],
  ])('refuses %s with a reason', (url, reason) => {
    const check = checkBookmarkable(url);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(reason);
  });

  it.each(['', '   ', undefined, null, 'about:blank', 'about:newtab', 'about:home'])('calls %s a blank tab', (url) => {
    expect(checkBookmarkable(url)).toEqual({ ok: false, reason: 'A blank tab has nothing to bookmark.' });
  });

  it('bookmarks the page a reader view shows, under its own URL', () => {
    const article = 'https://news.example/2024/story?id=7';
    expect(checkBookmarkable(`about:reader?url=${encodeURIComponent(article)}`)).toEqual({ ok: true, url: article });
    expect(checkBookmarkable('about:reader?url=about%3Aconfig').ok).toBe(false);
    expect(checkBookmarkable('about:reader').ok).toBe(false);
  });

  it('refuses text that is not a URL', () => {
    expect(checkBookmarkable('not a url')).toEqual({ ok: false, reason: 'This address is not a valid URL.' });
  });
});
