/**
 * Unit tier setup. Screens' tests wait for what React draws after a promise (`findBy…`, `waitFor`):
 * on a loaded two-core machine that can take longer than Testing Library's default second, so they
 * wait up to five (each test's own limit is above it).
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}
