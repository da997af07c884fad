/** Leaflet's stylesheet as text (esbuild's `with { type: 'text' }`), added by sites-map-canvas.ts. */
declare module 'leaflet/dist/leaflet.css' {
  const css: string;
  export default css;
}
