// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyComponent, lazyModule, preloadLazyComponents, preloadsWhenIdle } from './lazy-component.ts';
import { kindModules } from './kinds/index.ts';

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

describe('lazyModule', () => {
  it('loads once, on first use, and is in the idle preload list', async () => {
    let calls = 0;
    const load = lazyModule(async () => {
      calls += 1;
      return { answer: 42 };
    });
    expect(preloadsWhenIdle(load)).toBe(true);
    expect(calls).toBe(0);
    expect((await load()).answer).toBe(42);
    await load();
    expect(calls).toBe(1);
  });

  it('the idle preload also loads what a loaded chunk registers (the kind registry registering the kinds’ screens)', async () => {
    let inner = 0;
    lazyModule(async () => {
      lazyModule(async () => (inner += 1));
      return {};
    });
    await preloadLazyComponents();
    expect(inner).toBe(1);
  });
});

describe('the kinds’ own screens', () => {
  it('are in the idle preload list, like every other screen', () => {
    const onDemand = kindModules.flatMap((module) => [
      ...Object.entries(module.screen ?? {}).filter(([slot]) => slot !== 'notice').map(([slot, component]) => [`${module.type} screen.${slot}`, component] as const),
      ...Object.entries(module.actionForms ?? {}).map(([action, component]) => [`${module.type} actionForms.${action}`, component] as const),
    ]);
    const preloadOf = (component: unknown) => (component as { preload?: () => Promise<void> }).preload;
    // The rest are small wrappers in the registry's own chunk (a training site's rows below: the form screen's code).
    const lazy = onDemand.filter(([, component]) => preloadOf(component));
    expect(lazy.map(([name]) => name)).toEqual(expect.arrayContaining(['quotations screen.detail', 'assignments screen.detail', 'orders screen.create', 'customers screen.detail', 'orders actionForms.deliver']));
    expect(lazy.filter(([, component]) => !preloadsWhenIdle(preloadOf(component)!)).map(([name]) => name)).toEqual([]);
  });
});
