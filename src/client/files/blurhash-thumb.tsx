/**
 * An image's thumbnail over its blurhash (SPEC §9: 4×4 components of a 32 px rendition): the
 * placeholder is painted at once, the picture fades in over it when it has loaded.
 */
import { useEffect, useRef, useState } from 'react';
import { decode, isBlurhashValid } from 'blurhash';

const SIDE = 32;

export function BlurhashThumb({ blurhash, src, alt, width, height }: { blurhash?: string; src?: string; alt: string; width?: number; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [loaded, setLoaded] = useState(false);
  const ratio = width && height ? width / height : 1;
  const w = ratio >= 1 ? SIDE : Math.max(1, Math.round(SIDE * ratio));
  const h = ratio >= 1 ? Math.max(1, Math.round(SIDE / ratio)) : SIDE;

  useEffect(() => {
    const target = canvas.current;
    if (!target || !blurhash || !isBlurhashValid(blurhash).result) return;
    const context = target.getContext('2d');
    if (!context) return;
    const image = context.createImageData(w, h);
    image.data.set(decode(blurhash, w, h));
    context.putImageData(image, 0, 0);
  }, [blurhash, w, h]);

  return (
    <span className="files-thumb" style={{ aspectRatio: `${w} / ${h}` }} data-loaded={loaded ? 'true' : 'false'}>
      {blurhash && <canvas ref={canvas} width={w} height={h} className="files-thumb-hash" data-testid="blurhash" aria-hidden="true" />}
      {src && <img src={src} alt={alt} loading="lazy" decoding="async" onLoad={() => setLoaded(true)} />}
    </span>
  );
}
