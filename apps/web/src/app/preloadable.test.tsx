import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadElement, preloadable } from './preloadable';

const Greeting = ({ name }: { name: string }) => <p>Hola, {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>No se pudo cargar</p> : this.props.children;
  }
}

/** Renders `node` under a Suspense boundary, recording every time its fallback was shown. */
async function renderCountingFallbacks(node: ReactNode) {
  const shown: string[] = [];
  function Fallback() {
    shown.push('fallback');
    return <p>Cargando…</p>;
  }
  await act(async () => {
    render(<Suspense fallback={<Fallback />}>{node}</Suspense>);
  });
  return shown;
}

describe('preloadable', () => {
  it('renders at once, without a fallback, when its code was preloaded', async () => {
    let loads = 0;
    const Lazy = preloadable(async () => ((loads += 1), Greeting));
    await Lazy.preload();
    const fallbacks = await renderCountingFallbacks(<Lazy name="Ana" />);
    expect(screen.getByText('Hola, Ana')).toBeInTheDocument();
    expect(fallbacks).toEqual([]);
    // The code is loaded once, however often it is preloaded or rendered.
    await Lazy.preload();
    expect(loads).toBe(1);
  });

  it('without a preload, suspends like React.lazy and shows the component when its code arrives', async () => {
    let arrive!: () => void;
    const Lazy = preloadable(() => new Promise<typeof Greeting>((resolve) => (arrive = () => resolve(Greeting))));
    const fallbacks = await renderCountingFallbacks(<Lazy name="Luis" />);
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByText('Hola, Luis')).toBeInTheDocument();
    expect(fallbacks.length).toBeGreaterThan(0);
  });

  it('preloadElement loads the preloadable components of an element and its children, not of its other props', async () => {
    const loaded: string[] = [];
    const make = (name: string) => preloadable<{ children?: ReactNode; slot?: ReactNode }>(async () => (loaded.push(name), ({ children }) => <>{children}</>));
    const [Guard, Page, Inner, Slot] = ['guard', 'page', 'inner', 'slot'].map(make) as [
      ReturnType<typeof make>,
      ReturnType<typeof make>,
      ReturnType<typeof make>,
      ReturnType<typeof make>,
    ];
    const promises = preloadElement(
      <Guard>
        <div>
          <Page slot={<Slot />}>{[<Inner key="a" />, 'texto']}</Page>
        </div>
      </Guard>,
    );
    await Promise.all(promises);
    expect(loaded.sort()).toEqual(['guard', 'inner', 'page']);
  });

  it('a failed load reaches the error boundary, as with React.lazy', async () => {
    const Lazy = preloadable<object>(() => Promise.reject(new Error('sin red')));
    await Lazy.preload().catch(() => undefined);
    // React reports an error its boundary caught on the console: kept out of the test's output.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      render(
        <Boundary>
          <Lazy />
        </Boundary>,
      );
    });
    expect(screen.getByText('No se pudo cargar')).toBeInTheDocument();
    expect(reported).toHaveBeenCalled();
    reported.mockRestore();
  });
});
