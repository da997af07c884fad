/**
 * What an uploaded image shows before it loads (SPEC §9): a 4×4-component blurhash of a rendition
 * 32 px on its longest side, and a small WebP thumbnail, both kept on the media row's meta.
 */
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { encode } from 'blurhash';
import { imagePreview } from '../../domain/entities/media.ts';

export interface ImageMeta {
  width: number;
  height: number;
  blurhash: string;
  /** `data:image/webp;base64,…`, at most imagePreview.thumbnailSide px on its longest side. */
  thumbnail: string;
}

/** Reads the image from `source`; null when it is not an image sharp can decode (the file stays, without a preview). */
export async function describeImage(source: Readable): Promise<ImageMeta | null> {
  const input = sharp({ failOn: 'error', limitInputPixels: imagePreview.maxPixels, sequentialRead: true });
  source.on('error', (error) => input.destroy(error));
  source.pipe(input);
  try {
    // One decode of the picture (JPEG shrink-on-load where it can): the thumbnail-sized rendition, from
    // which both the WebP thumbnail and the 32 px rendition of the blurhash are made.
    const [metadata, rendition] = await Promise.all([
      input.clone().metadata(),
      input.clone().rotate().resize(imagePreview.thumbnailSide, imagePreview.thumbnailSide, { fit: 'inside', withoutEnlargement: true }).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
    ]);
    const raw = { raw: { width: rendition.info.width, height: rendition.info.height, channels: 4 as const } };
    const [small, thumbnail] = await Promise.all([
      sharp(rendition.data, raw).resize(imagePreview.blurhashSide, imagePreview.blurhashSide, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true }),
      sharp(rendition.data, raw).webp({ quality: 70 }).toBuffer(),
    ]);
    const { width, height } = small.info;
    const blurhash = encode(new Uint8ClampedArray(small.data), width, height, imagePreview.components, imagePreview.components);
    // EXIF orientation 5–8 turns the picture a quarter: width and height as it is shown.
    const turned = (metadata.orientation ?? 1) >= 5;
    return {
      width: (turned ? metadata.height : metadata.width) ?? width,
      height: (turned ? metadata.width : metadata.height) ?? height,
      blurhash,
      thumbnail: `data:image/webp;base64,${thumbnail.toString('base64')}`,
    };
  } catch {
    source.destroy();
    return null;
  }
}
