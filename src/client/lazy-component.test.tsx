// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyComponent } from './lazy-component.ts';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Ciao {name}</p>;
}

describe('lazyComponent', () => {
  it('once preloaded renders at once, without showing the fallback (no React.lazy suspension)', async () => {
    const Lazy = lazyComponent(async () => ({ default: Greeting }));
    await Lazy.preload();
    render(<Suspense fallback={<p>attesa</p>}><Lazy name="Anna" /></Suspense>);
    expect(screen.getByText('Ciao Anna')).toBeTruthy();
    expect(screen.queryByText('attesa')).toBeNull();
  });

  it('before its code is in, suspends as React.lazy does and then shows it', async () => {
    let resolve!: (module: { default: typeof Greeting }) => void;
    const Lazy = lazyComponent(() => new Promise<{ default: typeof Greeting }>((r) => (resolve = r)));
    render(<Suspense fallback={<p>attesa</p>}><Lazy name="Bruno" /></Suspense>);
    expect(screen.getByText('attesa')).toBeTruthy();
    await act(async () => resolve({ default: Greeting }));
    expect(await screen.findByText('Ciao Bruno', undefined, { timeout: 2000 })).toBeTruthy();
  });

  it('asks again for code that failed to load', async () => {
    let calls = 0;
    const Lazy = lazyComponent(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { default: Greeting };
    });
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    expect(calls).toBe(2);
  });
});
