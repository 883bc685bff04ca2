// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { i18n } from '../i18n';
import { NavigationProgress, PROGRESS_DELAY_MS } from './NavigationProgress';

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});
afterEach(cleanup);

const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

it('shows a bar while the next page loads for longer than a moment, and none once it is there', async () => {
  let loaded!: () => void;
  const router = createMemoryRouter([
    {
      element: (
        <>
          <NavigationProgress />
          <Outlet />
        </>
      ),
      children: [
        { path: '/', element: <Link to="/slow">Slow page</Link> },
        {
          path: '/slow',
          lazy: () => new Promise((resolve) => (loaded = () => resolve({ Component: () => <h1>Slow page here</h1> }))),
        },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  expect(screen.queryByRole('progressbar')).toBeNull();
  // Not awaited: navigate's promise settles only once the page has loaded.
  act(() => {
    void router.navigate('/slow');
  });
  // A page at hand within the delay never shows the bar.
  expect(screen.queryByRole('progressbar')).toBeNull();
  await wait(PROGRESS_DELAY_MS + 50);
  expect(screen.getByRole('progressbar', { name: 'Loading the page…' })).toBeTruthy();
  await act(async () => loaded());
  expect(await screen.findByRole('heading', { name: 'Slow page here' })).toBeTruthy();
  expect(screen.queryByRole('progressbar')).toBeNull();
});
