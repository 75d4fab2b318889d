// The replay core: one loop over requests in send order, one index of what earlier requests stored.
export { PrefixStore } from './prefix-store.js';
export type { PrefixStoreOptions, StoreEntryInput, StoreMatch, StoreSequence } from './prefix-store.js';
export { CALIBRATION_MODES } from './head-calibration.js';
export type { CalibrationMode, HeadCalibrationReport } from './head-calibration.js';
