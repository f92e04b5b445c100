// SPDX-License-Identifier: MPL-2.0
// The page: the Places API over the package's channel. It lists the bookmarks tagged "demo" and adds one; the API is
// left on `window.places` (with the item classes) to try in the page's console.
import { Bookmark, Group, Separator, MENU, TOOLBAR, UNSORTED, MOBILE, remove } from '@tidymarks/places';
import { createPagePlaces } from '@tidymarks/places/page';

const places = createPagePlaces();
Object.assign(window, { places, Bookmark, Group, Separator, MENU, TOOLBAR, UNSORTED, MOBILE, remove });

const list = document.getElementById('tagged')!;
const status = document.getElementById('status')!;

/** Shows the bookmarks tagged "demo": one search at a time, the latest change seen by the next one. */
let running: Promise<void> | null = null;
let again = false;
function show() {
  if (running) {
    again = true;
    return;
  }
  running = new Promise<void>((done) => {
    places.search({ tags: ['demo'] }, { sort: 'title' }).on('end', (items) => {
      // Titles and URLs are untrusted text: textContent, never HTML; each line isolated for bidi.
      list.replaceChildren(
        ...items.map((found) => {
          const item = found as InstanceType<typeof Bookmark>;
          const li = document.createElement('li');
          const bdi = document.createElement('bdi');
          bdi.textContent = `${item.title} — ${item.url}`;
          li.append(bdi);
          return li;
        }),
      );
      done();
    });
  }).finally(() => {
    running = null;
    if (again) {
      again = false;
      show();
    }
  });
}

document.getElementById('add')!.addEventListener('click', () => {
  places.save(Bookmark({ title: 'Mozilla', url: 'https://www.mozilla.org/', group: UNSORTED, tags: ['demo'] }), { resolve: (mine) => mine }).on('end', () => {
    status.textContent = 'Saved.';
  });
});
places.events.on('data', () => show());
show();
status.textContent = 'ready';
