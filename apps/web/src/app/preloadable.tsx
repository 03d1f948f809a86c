import { isValidElement, use, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code loads on first render, or earlier through `preload()`, like React.lazy,
 * with one difference: once its code is there it renders at once. React.lazy suspends on its first
 * render even then, and the screen it reveals afterwards waits for React's 300 ms throttle after the
 * fallback it showed. On a reload of the dashboard that throttle alone kept the greeting (the
 * largest paint) off the screen for about 200 ms (issue 7 §3). React's `use` reads a promise marked
 * settled without suspending, so the promise is marked when it settles.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    if (!loading) {
      const promise = load();
      // The fields React's `use` reads (and sets itself on a promise it has not seen).
      Object.assign(promise, { status: 'pending' });
      // Block bodies: returning the promise itself from these would chain a second, unhandled rejection.
      promise.then(
        (value) => {
          Object.assign(promise, { status: 'fulfilled', value });
        },
        (reason: unknown) => {
          Object.assign(promise, { status: 'rejected', reason });
        },
      );
      loading = promise;
    }
    return loading;
  };
  function Preloadable(props: P) {
    const Loaded = use(preload());
    return <Loaded {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}

/** Starts loading every preloadable component of an element and of its children, nested or not. */
export function preloadElement(node: ReactNode): Array<Promise<unknown>> {
  if (Array.isArray(node)) return node.flatMap((child: ReactNode) => preloadElement(child));
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const { preload } = node.type as { preload?: () => Promise<unknown> };
  return [...(typeof preload === 'function' ? [preload()] : []), ...preloadElement(node.props.children)];
}
