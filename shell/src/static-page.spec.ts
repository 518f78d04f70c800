import { afterEach, describe, expect, it } from 'vitest';
import { brandStaticPage, staticPage } from './static-page.js';

// What the build renders into landing.html around the landing page (libs/federation/index.html).
function buildRenderedPage() {
  document.title = 'MeetingKeeper';
  document.body.innerHTML = `
    <div id="prerendered">
      <img alt="" hidden data-branding="logoUrl">
      <span data-branding="productName">MeetingKeeper</span>
      <p><span data-branding="productName">MeetingKeeper</span> keeps agendas</p>
      <p data-branding="footerCredit">Built by the MeetingKeeper team</p>
    </div>`;
  return staticPage()!;
}

const favicon = () => document.querySelector<HTMLLinkElement>('link[rel="icon"]');

describe('the page the build rendered', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    favicon()?.remove();
  });

  it("takes the host's names, logo, title, icon and primary colour", () => {
    const page = buildRenderedPage();
    brandStaticPage(page, {
      productName: ' Acme Minutes ',
      footerCredit: 'Built by Acme',
      primaryColor: '#C0392B',
      logoUrl: '/brand/logo.svg',
      faviconUrl: 'https://cdn.acme.example/icon.svg',
    });
    expect(page.textContent).not.toContain('MeetingKeeper');
    expect(page.textContent).toContain('Acme Minutes keeps agendas');
    expect(page.querySelector('[data-branding="footerCredit"]')!.textContent).toBe('Built by Acme');
    const logo = page.querySelector('img')!;
    expect(logo.hidden).toBe(false);
    expect(logo.getAttribute('src')).toBe('/brand/logo.svg');
    expect(document.title).toBe('Acme Minutes');
    expect(favicon()!.href).toBe('https://cdn.acme.example/icon.svg');
    expect(page.style.getPropertyValue('--mui-palette-primary-main')).toBe('#C0392B');
    expect(page.style.getPropertyValue('--mui-palette-primary-mainChannel')).toBe('192 57 43');
  });

  it('keeps the default brand for anything malformed', () => {
    const page = buildRenderedPage();
    brandStaticPage(page, {
      productName: 42,
      footerCredit: ' ',
      primaryColor: 'red;x:y',
      logoUrl: 'javascript:alert(1)',
      faviconUrl: 'http://plain.example/icon.svg',
    });
    brandStaticPage(page, null);
    expect(page.textContent).toContain('Built by the MeetingKeeper team');
    expect(page.querySelector('img')!.hidden).toBe(true);
    expect(page.querySelector('img')!.hasAttribute('src')).toBe(false);
    expect(favicon()).toBeNull();
    expect(document.title).toBe('MeetingKeeper');
    expect(page.getAttribute('style')).toBeNull();
  });
});
