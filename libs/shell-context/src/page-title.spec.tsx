import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from './branding.js';
import { pageTitle, usePageTitle } from './page-title.js';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.js';
import { createTestServices, renderWithShell } from './testing.js';

function Titled({ page }: { page?: string }) {
  usePageTitle(page);
  return null;
}

describe('page titles', () => {
  it('name the page, then the product; the product alone without a page', () => {
    expect(pageTitle('Weekly sync', 'Acme Minutes')).toBe('Weekly sync – Acme Minutes');
    expect(pageTitle('  ', 'Acme Minutes')).toBe('Acme Minutes');
    expect(pageTitle(undefined, 'Acme Minutes')).toBe('Acme Minutes');
  });

  it('follow the page and the tenant product name', () => {
    const services = createTestServices({
      branding: { ...DEFAULT_BRANDING, productName: 'Acme Minutes' },
    });
    const first = renderWithShell(<Titled page="Actions" />, { services });
    expect(document.title).toBe('Actions – Acme Minutes');
    first.unmount();
    renderWithShell(<Titled page="Weekly sync" />, { services });
    expect(document.title).toBe('Weekly sync – Acme Minutes');
  });
});

describe('skip link', () => {
  it('moves the focus to the main landmark', () => {
    renderWithShell(
      <>
        <SkipLink />
        <button type="button">Menu</button>
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          content
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to main content' });
    expect(link.getAttribute('href')).toBe(`#${MAIN_CONTENT_ID}`);
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
