import type { Page } from 'playwright-core';
import { mapSettled, moveMap } from '../support/map.ts';
import type { Seeded } from './seed.ts';

// Every screen of the app (apps/web/src/config/paths.ts and the dialogs opened from them), with
// who sees it and how to reach it. `open` runs on a fresh navigation at each viewport width.

export type Role = 'anonymous' | 'customer' | 'admin' | 'pilot' | 'droneAdmin';

export interface Screen {
  name: string;
  as: Role;
  open: (page: Page, seeded: Seeded) => Promise<void>;
  /** Needs the completed report (its data takes a minute to process while seeding). */
  needsResults?: boolean;
}

const visible = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"]`).first().waitFor({ state: 'visible', timeout: 30_000 });

/** Goes to `url` and waits for the element that says the screen has its data. */
const at =
  (url: string | ((seeded: Seeded) => string), testId: string) => async (page: Page, seeded: Seeded) => {
    await page.goto(typeof url === 'string' ? url : url(seeded));
    await visible(page, testId);
  };

/** The side menu lives behind the burger on phones. */
async function openMenuIfCollapsed(page: Page) {
  const burger = page.locator('header button.mantine-Burger-root');
  if (await burger.isVisible()) await burger.click();
}

async function fieldDetail(page: Page, seeded: Seeded) {
  await page.goto(`/fields?field=${seeded.fieldUuid}`);
  await visible(page, 'field-detail-title');
  // The weather, soil and forecast cards settle (real data with network, else the spec's text).
  for (const card of ['weather-card', 'soil-card', 'forecast-card']) {
    await page.locator(`[data-testid="${card}"]:not([data-state="loading"])`).waitFor();
  }
}

async function completedReport(page: Page, seeded: Seeded) {
  await fieldDetail(page, seeded);
  await page.getByTestId('report-picker-open').click();
  await page.getByTestId('report-picker-option').filter({ hasNotText: '#' }).first().click();
  await visible(page, 'results-open');
  // The picker closes 300 ms after the choice: axe looks at the page once it has gone.
  await page.getByTestId('report-picker-option').first().waitFor({ state: 'hidden' });
}

async function checkoutBilling(page: Page) {
  await page.goto('/cart');
  await visible(page, 'cart-proceed');
  await page.getByTestId('cart-proceed').click();
  await page.getByTestId('cart-confirm-dates-confirm').click();
  await visible(page, 'checkout-step-billing');
}

export const screens: Screen[] = [
  // Public pages and the auth screens
  { name: 'login', as: 'anonymous', open: at('/login', 'login-email') },
  { name: 'signup', as: 'anonymous', open: at('/signup', 'signup-first-name') },
  { name: 'forgot-password', as: 'anonymous', open: at('/passwordreset', 'forgot-email') },
  { name: 'reset-password', as: 'anonymous', open: at('/password_reset/a11y-token', 'reset-password') },
  { name: 'verify-email', as: 'anonymous', open: at('/verify_email/a11y-token', 'verify-failure') },
  { name: 'terms', as: 'anonymous', open: at('/terms-of-service', 'legal-updated') },
  { name: 'privacy', as: 'anonymous', open: at('/privacy-policy', 'legal-updated') },
  { name: 'payment-methods', as: 'anonymous', open: at('/payment-methods', 'payment-methods') },
  { name: 'not-found', as: 'anonymous', open: at('/no-such-page', 'not-found') },

  // The customer: fields, reports, results, cart and checkout, profile
  { name: 'fields-list', as: 'customer', open: at('/fields', 'fields-add') },
  {
    name: 'side-menu',
    as: 'customer',
    open: async (page) => {
      await at('/fields', 'fields-add')(page, {} as Seeded);
      await openMenuIfCollapsed(page);
      await visible(page, 'nav-profile');
    },
  },
  { name: 'field-detail', as: 'customer', open: fieldDetail },
  {
    // A drone-shoot report: the panel with the customer's availability and the shoot's days.
    name: 'field-detail-shoot',
    as: 'customer',
    open: at((seeded) => `/fields?field=${seeded.shootFieldUuid}`, 'report-details'),
  },
  {
    name: 'field-report-picker',
    as: 'customer',
    open: async (page, seeded) => {
      await fieldDetail(page, seeded);
      await page.getByTestId('report-picker-open').click();
      await visible(page, 'report-picker-option');
    },
  },
  { name: 'field-report', as: 'customer', open: completedReport, needsResults: true },
  {
    name: 'results-modal',
    as: 'customer',
    needsResults: true,
    open: async (page, seeded) => {
      await completedReport(page, seeded);
      await page.getByTestId('results-open').click();
      // Tiles and layers drawn: MapLibre's 'idle' (data-map-settled), not a guessed time.
      await mapSettled(page, 'results-map');
    },
  },
  {
    name: 'results-plant-popup',
    as: 'customer',
    needsResults: true,
    open: async (page, seeded) => {
      await completedReport(page, seeded);
      await page.getByTestId('results-open').click();
      await mapSettled(page, 'results-map');
      // Plants show as markers from a closer zoom: zoom in at the centre until one is there.
      const markers = page.getByTestId('results-marker');
      const map = page.getByTestId('results-map');
      for (let attempt = 0; attempt < 8 && (await markers.count()) === 0; attempt++) {
        const box = await map.boundingBox();
        if (!box) break;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await moveMap(page, 'results-map', () => page.mouse.wheel(0, -400));
      }
      await markers.first().click();
      await visible(page, 'results-popup');
    },
  },
  {
    name: 'field-edit',
    as: 'customer',
    open: async (page, seeded) => {
      await fieldDetail(page, seeded);
      await page.getByTestId('field-edit').click();
      await visible(page, 'field-edit-save');
    },
  },
  {
    name: 'field-delete',
    as: 'customer',
    open: async (page, seeded) => {
      await fieldDetail(page, seeded);
      await page.getByTestId('field-delete').click();
      await visible(page, 'field-delete-confirm');
    },
  },
  {
    name: 'package-chooser',
    as: 'customer',
    open: async (page, seeded) => {
      await fieldDetail(page, seeded);
      await page.getByTestId('choose-service').click();
      await visible(page, 'package-service-e2e');
    },
  },
  { name: 'field-new', as: 'customer', open: at('/fields/new', 'new-field-map') },
  {
    name: 'field-new-place-search',
    as: 'customer',
    open: async (page, seeded) => {
      await at('/fields/new', 'new-field-map')(page, seeded);
      await page.getByTestId('place-search').fill('Nemea');
      await visible(page, 'place-option');
    },
  },
  { name: 'cart', as: 'customer', open: at('/cart', 'cart-proceed') },
  {
    name: 'checkout-dates',
    as: 'customer',
    open: async (page) => {
      await page.goto('/cart');
      await visible(page, 'cart-proceed');
      await page.getByTestId('cart-proceed').click();
      await visible(page, 'cart-confirm-dates-confirm');
    },
  },
  { name: 'checkout-billing', as: 'customer', open: checkoutBilling },
  {
    name: 'checkout-invoice',
    as: 'customer',
    open: async (page) => {
      await checkoutBilling(page);
      await page.getByTestId('transaction-type-invoice').click();
      await visible(page, 'invoice-form');
    },
  },
  {
    name: 'checkout-payment',
    as: 'customer',
    open: async (page) => {
      await checkoutBilling(page);
      await page.getByTestId('transaction-type-receipt').click();
      await page.getByTestId('checkout-next').click();
      await visible(page, 'checkout-step-payment');
    },
  },
  { name: 'profile', as: 'customer', open: at('/profile/', 'profile-first-name') },
  { name: 'profile-company', as: 'customer', open: at('/profile/company', 'company-profile') },
  { name: 'profile-orders', as: 'customer', open: at('/profile/orders', 'order-row') },
  {
    name: 'profile-order-detail',
    as: 'customer',
    open: at((seeded) => `/profile/orders?order=${seeded.orderUuid}`, 'order-detail'),
  },
  { name: 'address-book', as: 'customer', open: at('/profile/address-book', 'address-item') },
  {
    name: 'address-new',
    as: 'customer',
    open: async (page) => {
      await at('/profile/address-book', 'address-item')(page, {} as Seeded);
      await page.getByTestId('address-add').click();
      await visible(page, 'address-city');
    },
  },
  { name: 'settings', as: 'customer', open: at('/profile/settings', 'language-select') },
  { name: 'profile-about', as: 'customer', open: at('/profile/about', 'about-ampelos') },
  {
    name: 'notifications',
    as: 'customer',
    open: async (page) => {
      await at('/fields', 'fields-add')(page, {} as Seeded);
      await openMenuIfCollapsed(page);
      await page.getByTestId('nav-notifications').click();
      // The drawer's root is a zero-size portal: its items say it is open.
      await visible(page, 'notification-item');
    },
  },
  { name: 'legal-signed-in', as: 'customer', open: at('/privacy-policy', 'legal-updated') },
  {
    name: 'maintenance',
    as: 'customer',
    open: async (page) => {
      // The server's own public settings, with maintenance on (the maintenance journey switches it
      // for real; here the other screens' run must not be put in maintenance).
      await page.route('**/api/config/public', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        await route.fulfill({
          response,
          json: { ...body, maintenance: { on: true, source: 'admin', since: new Date().toISOString() } },
        });
      });
      await at('/fields', 'maintenance-page')(page, {} as Seeded);
    },
  },

  // The administrator: dashboard, orders, coupons, shoots, users, companies
  { name: 'dashboard', as: 'admin', open: at('/dashboard', 'dashboard-figures') },
  ...(['agro', 'deploy', 'chat'] as const).map(
    (tab): Screen => ({
      name: `dashboard-settings-${tab}`,
      as: 'admin',
      open: async (page, seeded) => {
        await at('/dashboard', 'dashboard-figures')(page, seeded);
        await page.getByTestId('settings-toggle').click();
        await page.getByTestId(`settings-tab-${tab}`).click();
        await page.locator(`[data-testid="settings-tab-${tab}"][aria-selected="true"]`).waitFor();
      },
    }),
  ),
  { name: 'orders', as: 'admin', open: at('/orders', 'order-row') },
  {
    name: 'order-detail',
    as: 'admin',
    open: at((seeded) => `/orders?order=${seeded.orderUuid}`, 'order-status-select'),
  },
  { name: 'coupons', as: 'admin', open: at('/admin/coupons', 'coupon-row') },
  { name: 'shoots', as: 'admin', open: at('/shoots', 'shoot-row') },
  {
    name: 'shoot-detail',
    as: 'admin',
    open: at((seeded) => `/shoots?shoot=${seeded.shootUuid}`, 'shoot-detail'),
  },
  {
    name: 'shoots-calendar',
    as: 'admin',
    open: async (page, seeded) => {
      await at('/shoots', 'shoot-row')(page, seeded);
      await page.getByTestId('shoots-calendar-open').click();
      await visible(page, 'shoots-calendar');
    },
  },
  // A drone pilot's own view of the shoots: their shoot, its final day and its upload.
  { name: 'pilot-shoots', as: 'pilot', open: at('/shoots', 'shoot-row') },
  {
    name: 'pilot-shoot-detail',
    as: 'pilot',
    open: at((seeded) => `/shoots?shoot=${seeded.pilotShootUuid}`, 'shoot-detail'),
  },
  // A drone operator organisation's own view: its shoots, the shoot it was given with the list of its
  // pilots open, and the dialog that confirms the shoot's dates inside the customer's availability.
  { name: 'drone-shoots', as: 'droneAdmin', open: at('/shoots', 'shoot-row') },
  {
    name: 'drone-assign-pilot',
    as: 'droneAdmin',
    open: async (page, seeded) => {
      await at((one) => `/shoots?shoot=${one.droneShootUuid}`, 'shoot-assign-drone-operator')(page, seeded);
      await page.locator('[data-testid="shoot-assign-drone-operator"]:not([disabled])').click();
      await page.getByRole('option', { name: /Eleni Pilota/ }).waitFor();
    },
  },
  {
    name: 'drone-confirm-dates',
    as: 'droneAdmin',
    open: async (page, seeded) => {
      await at((one) => `/shoots?shoot=${one.droneShootUuid}`, 'shoot-confirm-dates')(page, seeded);
      await page.getByTestId('shoot-confirm-dates').click();
      await visible(page, 'confirm-dates-submit');
    },
  },
  { name: 'users', as: 'admin', open: at('/users', 'user-row') },
  {
    name: 'user-detail',
    as: 'admin',
    open: async (page) => {
      await at('/users', 'user-row')(page, {} as Seeded);
      await page.getByTestId('user-row').first().click();
      await visible(page, 'user-detail');
    },
  },
  { name: 'companies', as: 'admin', open: at('/Companies', 'company-row') },
  {
    name: 'company-detail',
    as: 'admin',
    open: async (page) => {
      await at('/Companies', 'company-row')(page, {} as Seeded);
      await page.getByTestId('company-row').first().click();
      await visible(page, 'company-detail');
    },
  },
  { name: 'about', as: 'admin', open: at('/about', 'about-ampelos') },
];
