/**
 * Bench: the SPEC §9 preview of a 12-megapixel photo (a 4×4 blurhash of a 32 px rendition and a
 * 160 px WebP thumbnail), as an upload makes it. Target (issue 10): ≤ 500 ms. `npm run bench:media`.
 */
import sharp from 'sharp';
import { Readable } from 'node:stream';
import { describeImage } from '../../src/server/media/images.ts';
const width = 4000, height = 3000;
const noise = Buffer.alloc(width * height * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
console.log('jpeg MB', (jpeg.length / 1048576).toFixed(1));
// Noise, the worst case for the JPEG decoder's entropy stage.
const times: number[] = [];
for (let i = 0; i < 7; i++) {
  const start = performance.now();
  const meta = await describeImage(Readable.from([jpeg]));
  times.push(performance.now() - start);
  if (!meta) throw new Error('no meta');
}
times.sort((a, b) => a - b);
console.log(`preview of a ${width}×${height} JPEG: p50 ${times[3]!.toFixed(0)} ms, max ${times[6]!.toFixed(0)} ms (target ≤ 500 ms)`);
