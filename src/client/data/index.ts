/** The record layer of the client (DESIGN §6.11): the records provider and its cache keys. */
export {
  records,
  createRecordsProvider,
  invalidateAfterWrite,
  isOwnWrite,
  recordKey,
  listKey,
  historyKey,
  actionsKey,
  typeKey,
  type ClientRecords,
  type ServerAction,
  type ReadOptions,
} from './records.ts';
export { startLiveUpdates, stopLiveUpdates, useLiveUpdates, onChangeNotice } from './live-updates.ts';
export { useLimits, limitsKey, type LimitsState } from './limits.ts';
