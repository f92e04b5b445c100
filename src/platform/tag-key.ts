/** Tag keys: moved to the Places package (packages/places), where the Places engine uses it too; Tidymarks imports it from there. */
export { tagKey } from '@tidymarks/places/support';
