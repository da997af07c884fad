/**
 * The files of a record (SPEC §3 attachments, logo, pictures): drag and drop, a file picker and the
 * `record.attach` key (Ctrl+U) add files, several at once, each with its progress and a cancel
 * button; the list shows each file with its download button and, for images, the thumbnail over its
 * blurhash. The value is what the record stores (one media id, a list of ids, or a list of items
 * with a `mediaId`); the editor changes it through `onChange`, and the record is saved as usual.
 *
 * `<Attachments type id field value onChange />` is the embeddable form, for dedicated editors.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Entity } from '../../domain/entity.ts';
import { intl, addMessages } from '../i18n/index.ts';
import fileMessages from '../i18n/messages/files.ts';
import { records, typeKey } from '../data/index.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { registerAttachTarget, attachKey } from '../../../commands/files.ts';
import { formatSequence } from '../../../commands/keys.ts';
import { BlurhashThumb } from './blurhash-thumb.tsx';
import { downloadMedia, startUpload, UploadCancelled, type UploadTarget } from './upload.ts';
import { injectFileStyles } from './styles.ts';
// Entry-safe (no Dexie): the offline code itself (photos-app.ts) is loaded with import() when a field user takes a photo.
import { useOfflineRuntime } from '../offline/runtime-state.ts';
import type { LocalPhoto } from '../offline/photos.ts';

addMessages(fileMessages);
injectFileStyles();

const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

/** How the record keeps its files: one media id (a logo), a list of ids, or a list of items with `mediaId` (quotation attachments). */
export type AttachmentsShape = 'one' | 'ids' | 'items';

export interface AttachmentsProps {
  /** The record the files belong to (API type and id); absent on a record not stored yet. */
  type?: string;
  id?: string;
  /** The record's field (dotted path), for the label and the key. */
  field: string;
  label?: string;
  shape?: AttachmentsShape;
  value: unknown;
  onChange(value: unknown): void;
  readOnly?: boolean;
  /** For a record not stored yet, or files of a customer outside any record. */
  customerId?: string | null;
  /** `items`: the item kept for an uploaded file (the other fields get their defaults). */
  newItem?(media: Entity): Record<string, unknown>;
  /** `items`: the item's other fields (a quotation attachment's kind), under its file. */
  renderItem?(index: number): ReactNode;
  /**
   * The shown record whose `record.attach` key (Ctrl+U) opens this picker, when it is not the files'
   * own record (a check's photos on its intervention: the intervention is the tab's record). `null`: none.
   */
  attachKeyOf?: { type: string; id: string } | null;
}

interface Pending {
  key: string;
  name: string;
  loaded: number;
  total: number;
  error?: string;
  cancel(): void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The records whose photos a field user takes with the camera and keeps on the device until they are
 * sent (issue 25, photos offline: src/client/offline/photos.ts): a check's photos. (A rectification's
 * evidence is the customer's, sent from the portal's own form, and anomalies keep no photos.)
 */
export const OFFLINE_PHOTO_TYPES: ReadonlySet<string> = new Set(['checks']);
const photoDate = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'Europe/Rome' });
const loadPhotos = () => import('../offline/photos-app.ts');

export function mediaIdsOf(shape: AttachmentsShape, value: unknown): string[] {
  if (shape === 'one') return typeof value === 'string' && value ? [value] : [];
  if (!Array.isArray(value)) return [];
  return shape === 'ids' ? value.filter((v): v is string => typeof v === 'string') : value.map((item) => (isRecord(item) ? String(item.mediaId ?? '') : '')).filter(Boolean);
}

const sizeFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });
export function formatBytes(bytes: unknown): string {
  if (typeof bytes !== 'number') return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} kB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

function problemMessage(error: unknown): string {
  if (error instanceof ApiProblem) return error.status === 0 ? t('files.networkError') : problemText(error);
  return error instanceof Error ? error.message : String(error);
}

export function Attachments(props: AttachmentsProps) {
  const { type, id, field, shape = 'ids', value, onChange, readOnly = false } = props;
  const label = props.label ?? field;
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending[]>([]);
  const [uploaded, setUploaded] = useState<Record<string, Entity>>({});
  const [dragging, setDragging] = useState(false);
  const ids = mediaIdsOf(shape, value);
  // Photos offline (issue 25): with the field user's offline runtime, the camera's photos are kept on the device and sent by its uploader.
  const runtime = useOfflineRuntime();
  const cameraInput = useRef<HTMLInputElement>(null);
  const photosOffline = runtime !== null && Boolean(type && id) && OFFLINE_PHOTO_TYPES.has(type ?? '');
  const [queued, setQueued] = useState<{ key: string; photos: LocalPhoto[] }>({ key: '', photos: [] });
  const [queueError, setQueueError] = useState<string | null>(null);
  const ownerKey = photosOffline ? `${runtime?.userId}/${type}/${id}` : '';
  useEffect(() => {
    if (!runtime || !ownerKey || !type || !id) return;
    let live = true;
    let unwatch: (() => void) | undefined;
    loadPhotos().then(
      (photos) => {
        if (live) unwatch = photos.watchQueuedPhotos(runtime, type, id, (list) => setQueued({ key: ownerKey, photos: list }));
      },
      () => undefined,
    );
    return () => {
      live = false;
      unwatch?.();
    };
  }, [runtime, ownerKey, type, id]);
  // Shown until the record's value holds the photo's media id (its attach answered, the record read again).
  const waitingPhotos = queued.key === ownerKey ? queued.photos.filter((photo) => !ids.includes(photo.mediaId)) : [];
  const idsKey = ids.join(',');
  // The latest value and onChange, for uploads that finish after several renders.
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  }, [value, onChange]);

  const listed = useQuery({
    queryKey: [...typeKey('media'), 'ids', idsKey],
    queryFn: ({ signal }) => records.list('media', { ids: idsKey, 'page[size]': Math.max(1, ids.length) }, signal, { silent: true }),
    enabled: ids.length > 0,
  });
  const byId = useMemo(() => new Map([...Object.entries(uploaded), ...(listed.data?.data ?? []).map((m) => [m.id, m] as const)]), [listed.data, uploaded]);

  const target: UploadTarget = useMemo(() => (type && id ? { owner: { type, id } } : { customerId: props.customerId ?? null }), [type, id, props.customerId]);

  const add = useCallback(
    (media: Entity) => {
      const { value: current, onChange: change } = latest.current;
      const list = Array.isArray(current) ? current : [];
      const next = shape === 'one' ? media.id : shape === 'ids' ? [...list, media.id] : [...list, props.newItem ? props.newItem(media) : { mediaId: media.id, name: String(media.attributes.name ?? '') }];
      // Two uploads ending before the next render each add to what the other left.
      latest.current = { value: next, onChange: change };
      change(next);
    },
    [shape, props],
  );

  const upload = useCallback(
    (files: readonly File[]) => {
      for (const file of shape === 'one' ? files.slice(0, 1) : files) {
        const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
        const update = (change: Partial<Pending>) => setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
        const handle = startUpload(file, target, (loaded, total) => update({ loaded, total }));
        setPending((list) => [...list, { key, name: file.name, loaded: 0, total: file.size, cancel: handle.cancel }]);
        handle.done.then(
          (media) => {
            setUploaded((map) => ({ ...map, [media.id]: media }));
            setPending((list) => list.filter((p) => p.key !== key));
            add(media);
            void queryClient.invalidateQueries({ queryKey: typeKey('media') });
          },
          (error: unknown) => {
            if (error instanceof UploadCancelled) setPending((list) => list.filter((p) => p.key !== key));
            else update({ error: problemMessage(error) });
          },
        );
      }
    },
    [shape, target, add, queryClient],
  );

  const takePhotos = useCallback(
    (files: readonly File[]) => {
      if (!runtime || !type || !id) return;
      setQueueError(null);
      void (async () => {
        const photos = await loadPhotos();
        for (const file of files) {
          const name = t('files.photoName', { date: photoDate.format(new Date()).replace(/[/:]/g, '-').replace(',', '') });
          const shown = await photos.queuePhoto(runtime, { owner: { type, id }, file, name });
          URL.revokeObjectURL(shown.url); // the list shows it from the store (watchQueuedPhotos)
        }
        photos.startPhotoUploads(runtime).kick();
      })().catch((error: unknown) => setQueueError(t('files.photoQueueFailed', { message: error instanceof Error ? error.message : String(error) })));
    },
    [runtime, type, id],
  );
  const photoAction = (action: 'retry' | 'discard', photoId: string) => {
    if (!runtime) return;
    void loadPhotos().then(async (photos) => {
      if (action === 'retry') {
        await photos.retryPhoto(runtime.db, photoId);
        photos.startPhotoUploads(runtime).kick();
      } else await photos.discardPhoto(runtime.db, photoId);
    }).catch(() => undefined);
  };

  const openPicker = useCallback(() => input.current?.click(), []);
  const keyOf = props.attachKeyOf === undefined ? (type && id ? { type, id } : null) : props.attachKeyOf;
  const keyType = keyOf?.type;
  const keyId = keyOf?.id;
  useEffect(() => {
    if (readOnly || !keyType || !keyId) return;
    return registerAttachTarget(keyType, keyId, { open: openPicker, multiple: shape !== 'one' });
  }, [readOnly, keyType, keyId, shape, openPicker]);

  const remove = (mediaId: string) => {
    if (shape === 'one') onChange(undefined);
    else if (shape === 'ids') onChange(ids.filter((x) => x !== mediaId));
    else onChange((Array.isArray(value) ? value : []).filter((item) => !(isRecord(item) && item.mediaId === mediaId)));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (readOnly) return;
    upload([...event.dataTransfer.files]);
  };

  return (
    <fieldset
      className={`files-panel${dragging ? ' is-dragging' : ''}`}
      data-field={field}
      onDragOver={(event) => {
        if (readOnly || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <legend>
        {label} <span className="form-list-count">({ids.length + waitingPhotos.length})</span>
      </legend>
      {ids.length === 0 && pending.length === 0 && waitingPhotos.length === 0 && <p className="files-empty">{t('files.empty')}</p>}
      <ul className="files-list">
        {ids.map((mediaId, index) => {
          const media = byId.get(mediaId);
          // A user who may not list media rows (a customer's own user) still sees the name the record keeps and may download.
          const item = shape === 'items' && Array.isArray(value) ? value.find((x) => isRecord(x) && x.mediaId === mediaId) : undefined;
          const name = String(media?.attributes.name ?? (isRecord(item) && item.name ? item.name : mediaId));
          const meta = isRecord(media?.attributes.meta) ? media.attributes.meta : {};
          const isImage = media?.attributes.type === 'picture';
          return (
            <li key={mediaId} className="files-item">
              <div className="files-row">
                {isImage && (meta.thumbnail || meta.blurhash) ? (
                  <BlurhashThumb blurhash={typeof meta.blurhash === 'string' ? meta.blurhash : undefined} src={typeof meta.thumbnail === 'string' ? meta.thumbnail : undefined} alt={t('files.preview', { name })} width={Number(meta.width) || undefined} height={Number(meta.height) || undefined} />
                ) : (
                  <span className="files-icon" aria-hidden="true">{String(media?.attributes.extension ?? '').toUpperCase().slice(0, 4) || '▤'}</span>
                )}
                <span className="files-name">{name}</span>
                <span className="files-size">{media && !meta.uploadedAt ? t('files.notUploaded') : formatBytes(media?.attributes.bytesCount)}</span>
                {(media ? Boolean(meta.uploadedAt) : !listed.isPending) && (
                  <button type="button" className="files-download" onClick={() => void downloadMedia(mediaId, name).catch(() => undefined)}>
                    {t('files.download', { name })}
                  </button>
                )}
                {!readOnly && (
                  <button type="button" className="files-remove" aria-label={t('files.remove', { name })} onClick={() => remove(mediaId)}>
                    ×
                  </button>
                )}
              </div>
              {shape === 'items' && props.renderItem?.(index)}
            </li>
          );
        })}
        {pending.map((p) => (
          <li key={p.key} className="files-item is-pending">
            <div className="files-row">
              <span className="files-name">{p.name}</span>
              {p.error ? (
                <>
                  <span className="files-error" role="alert">{t('files.failed', { name: p.name, message: p.error })}</span>
                  <button type="button" onClick={() => setPending((list) => list.filter((x) => x.key !== p.key))}>{t('files.dismiss')}</button>
                </>
              ) : (
                <>
                  <progress max={p.total || 1} value={p.loaded} aria-label={t('files.uploading', { name: p.name })} />
                  <span className="files-size">{p.total ? `${Math.floor((p.loaded / p.total) * 100)}%` : ''}</span>
                  <button type="button" onClick={p.cancel}>{t('files.cancel', { name: p.name })}</button>
                </>
              )}
            </div>
          </li>
        ))}
        {waitingPhotos.map((photo) => (
          <li key={photo.id} className="files-item is-queued" data-queued-photo={photo.mediaId}>
            <div className="files-row">
              <img className="files-queued-thumb" src={photo.url} alt={t('files.preview', { name: photo.name })} width={48} height={48} />
              <span className="files-name">{photo.name}</span>
              <span className="files-size">{formatBytes(photo.size)}</span>
              {photo.failed ? (
                <>
                  <span className="files-error" role="alert">{t('files.photoFailed', { message: photo.failed.message })}</span>
                  <button type="button" onClick={() => photoAction('retry', photo.id)}>{t('files.photoRetry', { name: photo.name })}</button>
                  <button type="button" onClick={() => photoAction('discard', photo.id)}>{t('files.photoDiscard', { name: photo.name })}</button>
                </>
              ) : (
                <span className="files-waiting" role="status">{t('files.photoWaiting')}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      {queueError && <p className="files-error" role="alert">{queueError}</p>}
      {!readOnly && (
        <div className="files-drop">
          <span>{t(shape === 'one' ? 'files.dropOne' : 'files.drop')}</span>{' '}
          <button type="button" onClick={openPicker} aria-describedby={`${inputId}-hint`}>
            {t(shape === 'one' ? 'files.pickOne' : 'files.pick')}
          </button>
          {photosOffline && (
            <>
              <button type="button" className="files-camera" onClick={() => cameraInput.current?.click()}>
                {t('files.camera')}
              </button>
              <input
                ref={cameraInput}
                type="file"
                accept="image/*"
                capture="environment"
                hidden
                data-camera-field={field}
                onChange={(event) => {
                  takePhotos([...(event.target.files ?? [])]);
                  event.target.value = '';
                }}
              />
            </>
          )}
          {keyType && keyId && <span id={`${inputId}-hint`} className="form-hint">{t('files.keyHint', { keys: formatSequence(attachKey) })}</span>}
          <input
            ref={input}
            id={inputId}
            type="file"
            hidden
            multiple={shape !== 'one'}
            data-field={field}
            onChange={(event) => {
              upload([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </div>
      )}
    </fieldset>
  );
}
