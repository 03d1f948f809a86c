import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fixedMediaList } from './media';

// A worker runs file after file in one jsdom (isolate: false): nothing a test leaves behind, a
// notification in Mantine's module-level store included, may reach the next one.
afterEach(() => {
  cleanup();
  notifications.clean();
  sessionStorage.clear();
  localStorage.clear();
});

// jsdom lacks these browser APIs that Mantine relies on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', { writable: true, value: (query: string) => fixedMediaList(query, false) });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

Object.defineProperty(window, 'getComputedStyle', {
  writable: true,
  value: (
    (original) => (elt: Element, pseudo?: string | null) =>
      original(elt, pseudo ?? undefined)
  )(window.getComputedStyle.bind(window)),
});
