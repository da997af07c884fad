/**
 * The server's own writes of a media row's facts (`mediaServerFacts` of domain/entities/media.ts:
 * size, store, SHA-256, preview, what a generated document was made from). The media kind's
 * `beforeWrite` refuses them from anyone else; the code that records them (the upload link, the
 * received bytes, a generated document) writes with a call marked here. The mark is a copy of the
 * caller's call (same identity, same rights): nothing else the caller does carries it.
 */
import type { CallContext } from '../resources/service.ts';

const serverCalls = new WeakSet<CallContext>();

/** `call`, as the server recording a file's facts on the caller's behalf. */
export function recordingFacts(call: CallContext): CallContext {
  const marked: CallContext = { ...call };
  serverCalls.add(marked);
  return marked;
}

/** Whether a write is the server recording a file's facts (else: a client's write). */
export function isRecordingFacts(call: CallContext): boolean {
  return serverCalls.has(call);
}
