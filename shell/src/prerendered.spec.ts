import { afterEach, describe, expect, it } from 'vitest';
import { brandPrerenderedPage, prerenderedPage, revealApp } from './prerendered.js';

// What the build renders into landing.html around the landing page (libs/federation/index.html).
function buildRenderedPage() {
  document.title = 'MeetingKeeper';
  document.body.innerHTML = `
    <div id="prerendered">
      <span data-branding="productName">MeetingKeeper</span>
      <p><span data-branding="productName">MeetingKeeper</span> keeps agendas</p>
      <p data-branding="footerCredit">Built by the MeetingKeeper team</p>
    </div>
    <div id="root" hidden></div>`;
  return prerenderedPage()!;
}

describe('the page the build rendered', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("takes the host's names, title and primary colour", () => {
    const page = buildRenderedPage();
    brandPrerenderedPage(page, {
      productName: ' Acme Minutes ',
      footerCredit: 'Built by Acme',
      primaryColor: '#C0392B',
    });
    expect(page.textContent).not.toContain('MeetingKeeper');
    expect(page.textContent).toContain('Acme Minutes keeps agendas');
    expect(page.querySelector('[data-branding="footerCredit"]')!.textContent).toBe('Built by Acme');
    expect(document.title).toBe('Acme Minutes');
    expect(page.style.getPropertyValue('--mui-palette-primary-main')).toBe('#C0392B');
    expect(page.style.getPropertyValue('--mui-palette-primary-mainChannel')).toBe('192 57 43');
  });

  it('keeps the default brand for anything malformed', () => {
    const page = buildRenderedPage();
    brandPrerenderedPage(page, { productName: 42, footerCredit: ' ', primaryColor: 'red;x:y' });
    brandPrerenderedPage(page, null);
    expect(page.textContent).toContain('Built by the MeetingKeeper team');
    expect(document.title).toBe('MeetingKeeper');
    expect(page.getAttribute('style')).toBeNull();
  });

  it('gives way to the app, which was hidden behind it', () => {
    buildRenderedPage();
    revealApp();
    expect(prerenderedPage()).toBeNull();
    expect(document.getElementById('root')!.hidden).toBe(false);
    revealApp();
    expect(document.getElementById('root')!.hidden).toBe(false);
  });
});
