/** The one IndexedDB opener: moved to the Places package (packages/places), where the Places engine uses it too; Tidymarks imports it from there. */
export { lazyDb, type LazyDb, type LazyDbOptions, type Upgrade } from '@tidymarks/places/support';
