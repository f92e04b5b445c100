/** Tags go with the last bookmark of their URL: the Places package's cleanup (packages/places, orphans.ts). */
export { findOrphanUrls, forgetOrphanUrls } from '@tidymarks/places/background';
