/** The record layer of the client (DESIGN §6.11): the records provider and its cache keys. */
export {
  records,
  createRecordsProvider,
  invalidateAfterWrite,
  recordKey,
  listKey,
  historyKey,
  actionsKey,
  typeKey,
  type ClientRecords,
  type ServerAction,
} from './records.ts';
