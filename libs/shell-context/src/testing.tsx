// Test helpers for apps that use the shell services; not part of the runtime bundle.
import { act, cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@meetings/shell-context/router';
import { createShellServices, type ShellServices, type ShellServicesOptions } from './services.js';
import { ShellProviders } from './ShellProviders.js';
import type { Toast } from './toast.js';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Lists and the meeting page render their data deferred, in slices that yield: with four test
// processes on two cores a slice can wait its turn past Testing Library's default 1 s. Waiting
// longer costs nothing when a test passes and only delays the report when one fails.
configure({ asyncUtilTimeout: 5_000 });

export interface RecordedToast {
  kind: 'success' | 'error';
  title: string;
  description?: string;
  /** What the toast's Undo button does, when it has one. */
  undo?: () => void;
}

/** A toast helper that remembers what it was asked to show. */
export function createRecordingToast(): Toast & { shown: RecordedToast[] } {
  const shown: RecordedToast[] = [];
  return {
    shown,
    success: (title, description, options) =>
      void shown.push({
        kind: 'success',
        title,
        description,
        ...(options?.undo ? { undo: options.undo } : {}),
      }),
    error: (description, title = 'Error') => void shown.push({ kind: 'error', title, description }),
  };
}

/** A JSON response as fetch would return it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface FakeApiCall {
  method: string;
  path: string;
  /** The query string's parameters, when there is one (the route table ignores them). */
  query?: Record<string, string>;
  /** The URL as sent, /api and query included. */
  url: string;
  body: unknown;
}

type FakeRoute = (call: FakeApiCall) => Response | Promise<Response>;

/**
 * A fetch that answers API calls from a table keyed by "METHOD /path" (without /api and the
 * query); unknown calls get a 404. Every call is recorded in `calls`, with its query.
 */
export function fakeApi(
  routes: Record<string, FakeRoute>,
): typeof fetch & { calls: FakeApiCall[] } {
  const calls: FakeApiCall[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.search ? Object.fromEntries(url.searchParams) : undefined,
      url: `${url.pathname}${url.search}`,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    return route ? route(call) : jsonResponse({ error: 'Not found' }, 404);
  };
  return Object.assign(fake, { calls });
}

export function createTestServices(
  options: Partial<ShellServicesOptions> = {},
): ShellServices & { toast: ReturnType<typeof createRecordingToast> } {
  const toast = createRecordingToast();
  const services = createShellServices({
    defaultThemeMode: 'light',
    toast,
    ...options,
  });
  return { ...services, toast };
}

export interface RenderWithShellOptions {
  /** The URL the router starts at, e.g. '/verify', with optional router state. */
  route?: string | { pathname: string; state?: unknown };
  /** Route pattern the element is mounted under. */
  path?: string;
  services?: ShellServices;
}

/**
 * Renders under ShellProviders and a memory router. The current location is always shown in
 * an element with test id "location", so tests can see where the UI navigated.
 */
export function renderWithShell(
  ui: ReactElement,
  { route = '/', path = '*', services = createTestServices() }: RenderWithShellOptions = {},
): RenderResult & { services: ShellServices } {
  const result = render(
    <ShellProviders services={services}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </ShellProviders>,
  );
  return { ...result, services };
}

function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname + location.search}</span>;
}

/** A response the test releases when it wants, to see what shows meanwhile. */
export function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * jsdom has no IntersectionObserver: this one lets a test move an infinite list's end into reach
 * and out again with `report`. Like the real one, a new observer reports the current state as soon
 * as it starts observing, so a test need not wait for the list to create its next observer (it is
 * created in an effect that can run after the rows are on screen).
 */
export function fakeIntersectionObserver() {
  let inView = false;
  const options: IntersectionObserverInit[] = [];
  class FakeObserver {
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly init: IntersectionObserverInit = {},
    ) {
      options.push(init);
    }
    observe() {
      observers.add(this);
      queueMicrotask(() => {
        if (observers.has(this)) act(() => this.notify());
      });
    }
    disconnect() {
      observers.delete(this);
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
    notify() {
      this.callback(
        [{ isIntersecting: inView } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
    }
  }
  const observers = new Set<FakeObserver>();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** The options of every observer created so far, oldest first. */
    options,
    /** How many observers watch the end now (none while a page loads or after the last page). */
    watching: () => observers.size,
    /** The end of the list comes into reach (true) or leaves it (false). */
    report(isIntersecting: boolean) {
      inView = isIntersecting;
      act(() => {
        for (const observer of [...observers]) observer.notify();
      });
    },
  };
}

/**
 * Counts the renders of one component of a module, to show what a state change re-renders. Use
 * with vi.mock('./Module.js', async (original) =>
 * (await import('@meetings/shell-context/testing')).countRenders(original, 'Component', renders)).
 */
export async function countRenders(
  importOriginal: () => Promise<unknown>,
  name: string,
  renders: { count: number },
) {
  const actual = (await importOriginal()) as Record<string, unknown>;
  const Component = actual[name] as ComponentType<object>;
  return {
    ...actual,
    [name]: (props: object) => {
      renders.count += 1;
      return createElement(Component, props);
    },
  };
}
