/** The one tree walk: moved to the Places package (packages/places), where the Places engine uses it too; Tidymarks imports it from there. */
export { kindOf, descendants, type NodeKind } from '@tidymarks/places/support';
