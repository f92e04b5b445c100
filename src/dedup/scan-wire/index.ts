/**
 * The scan's compact wire form, the face of src/dedup/scan-wire: written by the dedup feature (its job's reply and the
 * stored last scan), read by the pages' messaging client (src/app-protocol/reply-forms.ts). See wire-form.ts.
 */
export { SCAN_WIRE_VERSION, decodeScan, encodeScan, fromScanWire, isScanWire } from './wire-form';
