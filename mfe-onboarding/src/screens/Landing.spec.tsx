import { OnboardingTexts } from '@meetings/contracts';
import { DEFAULT_BRANDING } from '@meetings/shell-context';
import { createTestServices, renderWithShell } from '@meetings/shell-context/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Landing } from './Landing.js';

describe('landing page', () => {
  it('presents the four features, and Login and both Get Started go to /login', () => {
    const services = createTestServices({
      branding: {
        ...DEFAULT_BRANDING,
        productName: 'Acme Meetings',
        footerCredit: 'Built by Acme',
      },
    });
    renderWithShell(<Landing />, { services });
    for (const text of Object.values(OnboardingTexts.features)) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getAllByRole('article')).toHaveLength(4);
    const links = [
      screen.getByRole('link', { name: 'Login' }),
      ...screen.getAllByRole('link', { name: 'Get Started' }),
    ];
    expect(links).toHaveLength(3);
    for (const link of links) expect(link.getAttribute('href')).toBe('/login');
    expect(screen.getByText('Built by Acme')).toBeTruthy();
    expect(screen.getAllByText(/Acme Meetings/).length).toBeGreaterThan(0);
  });
});
