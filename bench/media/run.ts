/**
 * Bench: the SPEC §9 preview of a 12-megapixel photo (a 4×4 blurhash of a 32 px rendition and a
 * 160 px WebP thumbnail), as an upload makes it: through the server's bounded previews
 * (`ImagePreviews`, default settings: one at a time, four waiting, 50 megapixels at most, libvips on
 * one thread). Target (issue 10): ≤ 500 ms. Then eight uploads' previews at once (the issue: eight
 * large pictures added 376 MB): how many are made and skipped, the event loop's worst delay, the
 * resident memory's growth; and a picture over the pixel cap, refused from its header.
 * `npm run bench:media`.
 */
import sharp from 'sharp';
import { Readable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ImagePreviews } from '../../src/server/media/images.ts';

const width = 4000, height = 3000;
const noise = Buffer.alloc(width * height * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
// Noise, the worst case for the JPEG decoder's entropy stage.
const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
// 8,000 × 8,000: 64 megapixels, over the default cap (made before the previews set libvips to one thread).
const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png({ compressionLevel: 1 }).toBuffer();
console.log('jpeg MB', (jpeg.length / 1048576).toFixed(1), '· 64 MP png MB', (huge.length / 1048576).toFixed(1));

const previews = new ImagePreviews({ concurrency: 1, queueLength: 4, maxPixels: 50_000_000 });
const open = (bytes: Buffer) => async () => Readable.from([bytes]);

const times: number[] = [];
for (let i = 0; i < 7; i++) {
  const start = performance.now();
  const meta = await previews.describe(open(jpeg), jpeg.length);
  times.push(performance.now() - start);
  if ('thumbnailSkipped' in meta) throw new Error(`no preview: ${meta.thumbnailSkipped}`);
}
times.sort((a, b) => a - b);
console.log(`preview of a ${width}×${height} JPEG: p50 ${times[3]!.toFixed(0)} ms, max ${times[6]!.toFixed(0)} ms (target ≤ 500 ms)`);

const delay = monitorEventLoopDelay({ resolution: 10 });
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
delay.enable();
const burstStart = performance.now();
const outcomes = await Promise.all(Array.from({ length: 8 }, () => previews.describe(open(jpeg), jpeg.length)));
const burstMs = performance.now() - burstStart;
delay.disable();
clearInterval(sampler);
const made = outcomes.filter((meta) => !('thumbnailSkipped' in meta)).length;
console.log(
  `8 previews at once: ${made} made, ${8 - made} skipped (busy) in ${burstMs.toFixed(0)} ms; event loop worst delay ${(delay.max / 1e6).toFixed(0)} ms; resident memory +${((rssPeak - rssBefore) / 1048576).toFixed(0)} MB`,
);

const refusedStart = performance.now();
const refused = await previews.describe(open(huge), huge.length);
console.log(`a 64-megapixel PNG: ${JSON.stringify(refused)} in ${(performance.now() - refusedStart).toFixed(0)} ms`);
