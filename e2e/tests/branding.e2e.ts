import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  loginMail,
  mailCount,
  openPage,
  uniqueEmail,
} from '../support/browser.js';
import { TENANTS } from '../support/tenants.js';
import { appBadge, signInThroughUi } from '../support/journeys.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The same deployment under another host name. */
function hostUrl(host: string, path = '/'): string {
  const url = new URL(path, baseUrl());
  url.hostname = host;
  return url.toString();
}

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

async function landingBrand(page: Page) {
  return {
    title: await page.title(),
    button: await page
      .getByRole('link', { name: 'Get Started' })
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  };
}

describe('tenant branding', () => {
  it('shows two brands on two host names of one deployment', async () => {
    const [acme, globex] = TENANTS.tenants;
    for (const tenant of [acme!, globex!]) {
      const { page, context, errors } = await openPage(browser);
      await page.goto(hostUrl(tenant.hosts[0]!));
      await page.getByText(tenant.branding.footerCredit).waitFor();
      expect(await page.getByText(tenant.branding.productName).count()).toBeGreaterThan(0);
      expect(await page.getByText('MeetingKeeper').count()).toBe(0);
      // The buttons' colour changes with their usual transition.
      await expect
        .poll(() => landingBrand(page))
        .toEqual({
          title: tenant.branding.productName,
          button: rgb(tenant.branding.primaryColor),
        });
      // Only the tenant with a logo shows one.
      const logo = page.locator('header img');
      expect(await logo.isVisible()).toBe('logoUrl' in tenant.branding);
      // The sign-in page, in the app, keeps the brand.
      await page.getByRole('link', { name: 'Login' }).click();
      await page.getByRole('button', { name: 'Send Login Code' }).waitFor();
      expect(await page.title()).toBe(`Sign in – ${tenant.branding.productName}`);
      expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
      await context.close();
    }
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await page.getByText('Built by the MeetingKeeper team').waitFor();
    expect(await page.title()).toBe('MeetingKeeper');
    await context.close();
  });

  it('brands the landing page with its own small script, without starting the app', async () => {
    const acme = TENANTS.tenants[0]!;
    const { page, context, errors } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(hostUrl(acme.hosts[0]!));
    await page.getByText(acme.branding.footerCredit).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([expect.stringMatching(/^\/landing\.[0-9a-f]{10}\.js$/)]);
    expect(await page.locator('#root').count()).toBe(0);
    expect(await page.getByText(`${acme.branding.productName} keeps agendas`).count()).toBe(1);
    expect(await page.getByText('MeetingKeeper').count()).toBe(0);
    const logo = page.locator('header img');
    expect(await logo.getAttribute('src')).toBe(acme.branding.logoUrl);
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect
      .poll(() => landingBrand(page))
      .toEqual({
        title: acme.branding.productName,
        button: rgb(acme.branding.primaryColor),
      });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("uses the tenant's name in its login e-mail and in its messages", async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('acme-user');
    const before = await mailCount(email);
    await page.goto(hostUrl('acme.localhost', '/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await page.waitForURL('**/verify');
    const { raw, code } = await loginMail(email, before);
    expect(raw).toMatch(/From: Acme Minutes </);
    expect(raw).toContain('Your Acme Minutes login code is');

    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Verify & Login' }).click();
    await page.getByRole('button', { name: 'I Accept' }).click();
    await page.getByRole('button', { name: 'Get Started Now' }).click();
    await appBadge(page).click();
    await page.getByLabel(/Premium/).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Thank you for subscribing to Acme Minutes Premium!').waitFor();
    await context.close();
  });

  it('keeps sessions apart per host', async () => {
    const { page, context } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('default-host'));
    await page.goto(hostUrl('globex.localhost', '/app/meetings'));
    await page.waitForURL('**/login');
    await context.close();
  });
});
