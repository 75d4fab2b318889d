// The replay core's public part: the store of what earlier requests wrote, and the head-calibration modes.
export { PrefixStore } from './prefix-store.js';
export type { PrefixStoreOptions, StoreEntryInput, StoreMatch, StoreSequence } from './prefix-store.js';
export { CALIBRATION_MODES } from './head-calibration.js';
export type { CalibrationMode, HeadCalibrationReport } from './head-calibration.js';
