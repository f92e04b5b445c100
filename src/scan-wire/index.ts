/**
 * The scan's compact wire form, the face of src/scan-wire: written by the dedup feature (its job's reply and the
 * stored last scan), read by the pages' messaging client (src/messaging/reply-forms.ts). See wire-form.ts.
 */
export { SCAN_WIRE_VERSION, decodeScan, encodeScan, fromScanWire, isScanWire } from './wire-form';
