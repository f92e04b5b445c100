/** The one serial queue: moved to the Places package (packages/places), where the Places engine uses it too; Tidymarks imports it from there. */
export { createSerialQueue, type SerialQueue, type QueueTurn } from '@tidymarks/places/support';
