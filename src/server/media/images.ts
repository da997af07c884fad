/**
 * What an uploaded image shows before it loads (SPEC §9): a 4×4-component blurhash of a rendition
 * 32 px on its longest side, and a small WebP thumbnail, both kept on the media row's meta.
 *
 * Decoding a picture is the costliest thing an upload asks of the server (a 16,000 × 16,000 PNG took
 * 2.8 s of CPU, eight at once 376 MB more memory), so previews are bounded: one picture at a time by
 * default (`ImagePreviews`, MEDIA_THUMBNAIL_CONCURRENCY), a few waiting (MEDIA_THUMBNAIL_QUEUE) and the
 * others skipped, never a picture of more than MEDIA_THUMBNAIL_MAX_MEGAPIXELS decoded (sharp refuses it
 * from its header, before decoding), nor a file larger than `imagePreview.maxBytes` read, and libvips
 * working on one thread per picture. sharp works in libuv's threads: the event loop stays free.
 * A skipped preview is said on the row (`meta.thumbnailSkipped`); the upload itself always succeeds.
 */
import type { Readable } from 'node:stream';
import type Sharp from 'sharp';
import { encode } from 'blurhash';
import { imagePreview } from '../../domain/entities/media.ts';
import { BoundedQueue } from './bounded-queue.ts';

export interface ImageMeta {
  width: number;
  height: number;
  blurhash: string;
  /** `data:image/webp;base64,…`, at most imagePreview.thumbnailSide px on its longest side. */
  thumbnail: string;
}

/**
 * sharp (libvips, ~20 MB resident) loads with the first picture, not when the API process starts.
 * One libvips thread per picture (its default is one per core, for each picture), and no cache of
 * decoded pictures: a preview is made once.
 */
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () =>
  (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));

/** Why an image has no preview: too many waiting, too large (pixels or bytes), or not an image sharp can read. */
export type ThumbnailSkipped = 'busy' | 'tooLarge' | 'unreadable';

/** What goes into the media row's meta: the preview, or why there is none. */
export type PreviewMeta = ImageMeta | { thumbnailSkipped: ThumbnailSkipped };

export interface PreviewOptions {
  concurrency: number;
  queueLength: number;
  /** Largest picture decoded, in pixels (sharp's `limitInputPixels`). */
  maxPixels: number;
}

/** The previews of one server: at most `concurrency` pictures decoded at once, `queueLength` waiting. */
export class ImagePreviews {
  readonly queue: BoundedQueue;
  readonly maxPixels: number;

  constructor(options: PreviewOptions) {
    this.queue = new BoundedQueue(options);
    this.maxPixels = options.maxPixels;
  }

  /**
   * The preview of an image of `bytes` bytes, its bytes read from `open()` only when its turn comes.
   * Never throws: a busy queue, a picture too large, or one that cannot be read is the answer's reason.
   */
  async describe(open: () => Promise<Readable>, bytes: number): Promise<PreviewMeta> {
    if (bytes > imagePreview.maxBytes) return { thumbnailSkipped: 'tooLarge' };
    const turn = this.queue.run(async () => describeImage(await open(), this.maxPixels));
    if (!turn) return { thumbnailSkipped: 'busy' };
    return turn.catch((): PreviewMeta => ({ thumbnailSkipped: 'unreadable' }));
  }
}

/** Reads the image from `source`: its preview, or why there is none (the file stays, without a preview). */
export async function describeImage(source: Readable, maxPixels: number = imagePreview.maxPixels): Promise<PreviewMeta> {
  const sharp = await loadSharp();
  const input = sharp({ failOn: 'error', limitInputPixels: maxPixels, sequentialRead: true });
  source.on('error', (error) => input.destroy(error));
  source.pipe(input);
  try {
    // The header first (no pixel decoded): sharp refuses a picture beyond the limit here, in milliseconds.
    const metadata = await input.clone().metadata();
    // EXIF orientation 5–8 turns the picture a quarter: width and height as it is shown.
    const turned = (metadata.orientation ?? 1) >= 5;
    const width = turned ? metadata.height : metadata.width;
    const height = turned ? metadata.width : metadata.height;
    if (!width || !height) return { thumbnailSkipped: 'unreadable' };
    // One decode of the picture (JPEG shrink-on-load where it can): the thumbnail-sized rendition, from
    // which both the WebP thumbnail and the 32 px rendition of the blurhash are made.
    const rendition = await input.clone().rotate().resize(imagePreview.thumbnailSide, imagePreview.thumbnailSide, { fit: 'inside', withoutEnlargement: true }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: rendition.info.width, height: rendition.info.height, channels: 4 as const } };
    const [small, thumbnail] = await Promise.all([
      sharp(rendition.data, raw).resize(imagePreview.blurhashSide, imagePreview.blurhashSide, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true }),
      sharp(rendition.data, raw).webp({ quality: 70 }).toBuffer(),
    ]);
    const blurhash = encode(new Uint8ClampedArray(small.data), small.info.width, small.info.height, imagePreview.components, imagePreview.components);
    return { width, height, blurhash, thumbnail: `data:image/webp;base64,${thumbnail.toString('base64')}` };
  } catch (error) {
    source.destroy();
    return { thumbnailSkipped: /pixel limit/i.test(error instanceof Error ? error.message : '') ? 'tooLarge' : 'unreadable' };
  }
}
